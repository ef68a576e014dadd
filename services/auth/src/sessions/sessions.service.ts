import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  AuthEvent,
  ErrorCode,
  OK,
  type CallerIdentity,
  type OkReply,
  type SessionInfo,
  type SessionIssued,
  type SessionUser,
  type SignedIn,
} from '@coffer/contracts';
import { currentRequestContext, EventBus, rpcError, SERVICE_CONFIG, unauthenticated, tokenHash, UnitOfWork } from '@coffer/server-core';
import type { AuthConfig } from '../config.js';
import { FactorsRepository, toFactor } from '../factors/factors.repository.js';
import { RevocationsService } from '../revocations/revocations.service.js';
import { SigningKeys } from '../signing-keys/signing-keys.service.js';
import { UsersRepository, type UserRow } from '../users/users.repository.js';
import { NewBrowserAlerts } from '../devices/new-browser-alerts.js';
import { SignInPolicyRepository } from '../sign-in-policy/sign-in-policy.repository.js';
import { SessionsRepository, type SessionRow } from './sessions.repository.js';

const REMEMBER_ME_DAYS = 30;
/** Without "Remember me" the cookie ends with the browser; the server still ends the session after a day. */
const BROWSER_SESSION_HOURS = 24;

export interface SessionSubject {
  user: SessionUser;
  accountId: string;
  role: string;
  /** The user has a verified TOTP factor. */
  mfa: boolean;
  /** Raised when their account or role changes: gateways refuse tokens carrying an older one. */
  membershipVersion: number;
  /** Their account requires two-factor and they have none: their tokens only set it up. */
  twoFactorSetup: boolean;
}

export const toSessionUser = (u: UserRow): SessionUser => ({
  id: u.id,
  email: u.email,
  fullName: u.fullName,
  emailVerified: Boolean(u.emailVerifiedAt),
  createdAt: u.createdAt.toISOString(),
});
/** The browser and address the request came from, and now: what a session shows of its last use. */
const lastUse = () => {
  const ctx = currentRequestContext();
  return { userAgent: ctx?.userAgent ?? null, ipAddress: ctx?.clientIp ?? null, lastUsedAt: new Date() };
};
const withFallback = (use: ReturnType<typeof lastUse>, before: SessionRow) => ({
  ...use,
  userAgent: use.userAgent ?? before.userAgent,
  ipAddress: use.ipAddress ?? before.ipAddress,
});
const sessionExpiry = (rememberMe: boolean) => new Date(Date.now() + (rememberMe ? REMEMBER_ME_DAYS * 86400_000 : BROWSER_SESSION_HOURS * 3600_000));

/** Sessions as refresh-token families: issue, rotate, detect reuse, revoke. */
@Injectable()
export class SessionsService {
  constructor(
    @Inject(SessionsRepository) private readonly sessions: SessionsRepository,
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(FactorsRepository) private readonly factors: FactorsRepository,
    @Inject(SigningKeys) private readonly keys: SigningKeys,
    @Inject(RevocationsService) private readonly revocations: RevocationsService,
    @Inject(EventBus) private readonly bus: EventBus,
    @Inject(SERVICE_CONFIG) private readonly config: AuthConfig,
    @Inject(UnitOfWork) private readonly unit: UnitOfWork,
    @Inject(NewBrowserAlerts) private readonly alerts: NewBrowserAlerts,
    @Inject(SignInPolicyRepository) private readonly policies: SignInPolicyRepository,
  ) {}

  private get ttl() {
    return this.config.ACCESS_TOKEN_TTL_SECONDS;
  }

  /** Who a session is for, as its tokens say. */
  async subject(user: UserRow): Promise<SessionSubject> {
    const mfa = (await this.factors.list(user.id)).some((f) => f.status === 'verified');
    const twoFactorSetup = !mfa && (await this.policies.requiresTwoFactor(user.accountId));
    return { user: toSessionUser(user), accountId: user.accountId, role: user.role, mfa, membershipVersion: user.membershipVersion, twoFactorSetup };
  }

  async subjectOf(userId: string): Promise<SessionSubject | undefined> {
    const user = await this.users.findById(userId);
    return user ? this.subject(user) : undefined;
  }

  /** The caller's user, assurance level and factors: what the browser restores a session from. */
  async info(caller: CallerIdentity): Promise<SessionInfo> {
    const user = await this.users.findById(caller.userId);
    if (!user) throw unauthenticated();
    const factors = (await this.factors.list(user.id)).map(toFactor);
    const verified = factors.some((f) => f.status === 'verified');
    const recoveryCodesLeft = verified ? await this.factors.recoveryCodesLeft(user.id) : 0;
    const twoFactorSetupRequired = !verified && caller.aal !== 'aal2' && (await this.policies.requiresTwoFactor(user.accountId));
    return {
      user: toSessionUser(user),
      currentLevel: caller.aal ?? 'aal1',
      nextLevel: verified ? 'aal2' : 'aal1',
      factors,
      recoveryCodesLeft,
      twoFactorSetupRequired,
    };
  }

  accessToken(subject: SessionSubject, sessionId: string, aal: 'aal1' | 'aal2') {
    return this.keys.sign(
      {
        sub: subject.user.id,
        acc: subject.accountId,
        role: subject.role,
        sid: sessionId,
        aal,
        mfa: subject.mfa,
        mv: subject.membershipVersion,
        ...(subject.twoFactorSetup ? { tfs: true } : {}),
      },
      this.ttl,
    );
  }

  /** A session that can only verify the second factor: no refresh token yet. */
  async startAal1(subject: SessionSubject, rememberMe: boolean) {
    const id = randomUUID();
    await this.sessions.insert({
      id,
      userId: subject.user.id,
      familyId: id,
      aal: 'aal1',
      rememberMe,
      expiresAt: new Date(Date.now() + 600_000),
      ...lastUse(),
    });
    return { sessionId: id, accessToken: await this.accessToken(subject, id, 'aal1'), expiresIn: this.ttl };
  }

  /** A full session with its refresh token. */
  async start(subject: SessionSubject, rememberMe: boolean, aal: 'aal1' | 'aal2', method: SignedIn['method'] = 'password'): Promise<SessionIssued> {
    const id = randomUUID();
    const secret = randomBytes(32).toString('base64url');
    const expiresAt = sessionExpiry(rememberMe);
    await this.unit.run(async () => {
      const use = lastUse();
      await this.sessions.insert({ id, userId: subject.user.id, familyId: id, tokenHash: tokenHash(secret), aal, rememberMe, expiresAt, ...use });
      await this.signedIn(subject, method);
      await this.alerts.signedIn(subject, { familyId: id, ...use });
    });
    return this.issued(subject, id, secret, aal, rememberMe, expiresAt);
  }

  /** Upgrades an aal1 session after the second factor: it gets its refresh token now. */
  async upgrade(subject: SessionSubject, sessionId: string, method: SignedIn['method'] = 'second-factor'): Promise<SessionIssued> {
    const session = await this.live(sessionId);
    const secret = randomBytes(32).toString('base64url');
    const expiresAt = sessionExpiry(session.rememberMe);
    await this.unit.run(async () => {
      const use = lastUse();
      await this.sessions.update(sessionId, { aal: 'aal2', tokenHash: tokenHash(secret), expiresAt, ...use });
      await this.signedIn(subject, method);
      // Only the second step of a sign-in is one; turning two-factor on in Settings upgrades a browser already signed in.
      if (!session.tokenHash) await this.alerts.signedIn(subject, { familyId: session.familyId, ...withFallback(use, session) });
    });
    return this.issued(subject, sessionId, secret, 'aal2', session.rememberMe, expiresAt);
  }

  /**
   * Rotates a refresh token. A token already rotated (or forged for a live
   * session) is a reuse: the whole family is revoked.
   */
  async refresh(refreshToken: string): Promise<SessionIssued> {
    const session = await this.holding(refreshToken);
    // A wrong secret proves nothing: refused, and the session stays (knowing its id must not be enough to end it).
    if (!session) throw this.ended();
    // The right secret of a token already rotated: a copy is in someone else's hands.
    if (session.rotatedAt) {
      await this.revokeFamily(session);
      throw this.ended();
    }
    if (session.revokedAt || session.expiresAt.getTime() < Date.now()) throw this.ended();
    const subject = await this.subjectOf(session.userId);
    if (!subject) throw this.ended();
    // A session at aal2 proved a second factor, or came from single sign-on (the provider's counts as one).
    if (session.aal === 'aal2') subject.twoFactorSetup = false;

    const id = randomUUID();
    const nextSecret = randomBytes(32).toString('base64url');
    const expiresAt = session.rememberMe ? sessionExpiry(true) : session.expiresAt;
    const rotated = await this.unit.run(async () => {
      if (!(await this.sessions.markRotated(session.id))) return false;
      await this.sessions.insert({
        id,
        userId: session.userId,
        familyId: session.familyId,
        tokenHash: tokenHash(nextSecret),
        aal: session.aal,
        rememberMe: session.rememberMe,
        expiresAt,
        signedInAt: session.signedInAt,
        // A renewal without a user agent or address (another service asking) keeps the ones the session had.
        ...withFallback(lastUse(), session),
      });
      return true;
    });
    if (!rotated) {
      // Two refreshes raced with one token: the loser is a reuse.
      await this.revokeFamily(session);
      throw this.ended();
    }
    return this.issued(subject, id, nextSecret, session.aal, session.rememberMe, expiresAt);
  }

  /**
   * Ends the session a refresh token belongs to, and the session of the caller's verified access token,
   * each with its family; without either there is nothing to end.
   */
  async signOut(refreshToken: string | undefined, sessionId?: string): Promise<OkReply> {
    const session = refreshToken ? await this.holding(refreshToken) : undefined;
    if (session && !session.rotatedAt) await this.revokeFamily(session);
    const ofToken = sessionId ? await this.sessions.find(sessionId) : undefined;
    if (ofToken) await this.revokeFamily(ofToken);
    return OK;
  }

  /** The session a refresh token is for, only when the token's secret is that session's. */
  private async holding(refreshToken: string): Promise<SessionRow | undefined> {
    const [sessionId, secret] = refreshToken.split('.');
    const session = sessionId && secret && /^[0-9a-f-]{36}$/.test(sessionId) ? await this.sessions.find(sessionId) : undefined;
    if (!session?.tokenHash) return undefined;
    return timingSafeEqual(Buffer.from(tokenHash(secret)), Buffer.from(session.tokenHash)) ? session : undefined;
  }

  /** Ends every session of a user, except the family of `keepSessionId` (a password change keeps its own device). */
  async revokeAll(userId: string, keepSessionId?: string) {
    const keep = keepSessionId ? (await this.sessions.find(keepSessionId))?.familyId : undefined;
    await this.end(userId, { userId, exceptFamilyId: keep });
  }

  async live(sessionId: string): Promise<SessionRow> {
    const session = await this.sessions.find(sessionId);
    if (!session || session.revokedAt || session.rotatedAt || session.expiresAt.getTime() < Date.now()) throw this.ended();
    return session;
  }

  private revokeFamily(session: SessionRow) {
    return this.end(session.userId, { familyId: session.familyId });
  }

  /**
   * Ends sessions, keeping their access tokens refused (for gateways that start later), and tells every
   * gateway once committed; `within` records what else goes with it in the same transaction (an audit event).
   */
  async end(userId: string, which: Parameters<SessionsRepository['revokeWhere']>[0], within?: (ended: string[]) => Promise<void>): Promise<string[]> {
    const ended = await this.unit.run(async () => {
      const ids = await this.sessions.revokeWhere(which);
      await this.revocations.sessionsEnded(userId, ids);
      await within?.(ids);
      return ids;
    });
    await this.announce(userId, ended);
    return ended;
  }

  /** A full session began: the audit log keeps the sign-in, with the client's IP and user agent. */
  private signedIn(subject: SessionSubject, method: SignedIn['method']) {
    const { user } = subject;
    return this.bus.record(AuthEvent.SignedIn, { accountId: subject.accountId, actorId: user.id, payload: { userId: user.id, email: user.email, method } });
  }

  private async announce(userId: string, sessionIds: string[]) {
    if (sessionIds.length === 0) return;
    await this.bus.publish(AuthEvent.SessionsRevoked, { accountId: '', actorId: userId, payload: { userId, sessionIds } });
  }

  private async issued(
    subject: SessionSubject,
    id: string,
    secret: string,
    aal: 'aal1' | 'aal2',
    rememberMe: boolean,
    expiresAt: Date,
  ): Promise<SessionIssued> {
    return {
      accessToken: await this.accessToken(subject, id, aal),
      expiresIn: this.ttl,
      user: subject.user,
      refreshToken: `${id}.${secret}`,
      refreshExpiresAt: rememberMe ? expiresAt.toISOString() : null,
    };
  }

  private ended() {
    return rpcError(ErrorCode.Unauthenticated, 401, 'Your session has ended. Please sign in again.');
  }
}
