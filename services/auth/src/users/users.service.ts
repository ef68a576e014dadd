import { randomBytes, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { AuthEvent, ErrorCode, OK, type CallerIdentity, type OkReply, type SignInChallengeAnswer, type SignInReply } from '@coffer/contracts';
import { EventBus, rpcError, SERVICE_CONFIG, tokenHash, UnitOfWork } from '@coffer/server-core';
import type { AuthConfig } from '../config.js';
import { SignInChallenges } from '../challenges/challenges.service.js';
import { FactorsService } from '../factors/factors.service.js';
import { RateLimiter } from '../rate-limits/rate-limits.service.js';
import { SessionsService } from '../sessions/sessions.service.js';
import { SingleSignOnService } from '../single-sign-on/single-sign-on.service.js';
import { MembershipService } from '../team/membership.service.js';
import { TeamRepository, type TeamMemberRow } from '../team/team.repository.js';
import { ProfilesRepository } from '../profiles/profiles.repository.js';
import { Passwords } from './passwords.js';
import { UsersRepository, type UserRow } from './users.repository.js';

const RESET_TOKEN_TTL_MS = 3600_000;
const VERIFY_TOKEN_TTL_MS = 7 * 86400_000;
const newToken = () => randomBytes(32).toString('base64url');

/** Sign-up, sign-in, passwords and email confirmation; client IPs come from the request's metadata. */
@Injectable()
export class UsersService {
  constructor(
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(SessionsService) private readonly sessions: SessionsService,
    @Inject(FactorsService) private readonly factors: FactorsService,
    @Inject(RateLimiter) private readonly limiter: RateLimiter,
    @Inject(SignInChallenges) private readonly challenges: SignInChallenges,
    @Inject(Passwords) private readonly passwords: Passwords,
    @Inject(MembershipService) private readonly membership: MembershipService,
    @Inject(TeamRepository) private readonly team: TeamRepository,
    @Inject(ProfilesRepository) private readonly profiles: ProfilesRepository,
    @Inject(EventBus) private readonly bus: EventBus,
    @Inject(SERVICE_CONFIG) private readonly config: AuthConfig,
    @Inject(UnitOfWork) private readonly unit: UnitOfWork,
    @Inject(SingleSignOnService) private readonly singleSignOn: SingleSignOnService,
  ) {}

  async signUp(input: { fullName: string; email: string; password: string; inviteToken?: string }, ip?: string): Promise<SignInReply> {
    // Every sign-up counts against its IP address, not only the refused ones: that stops account farming.
    const ipKey = this.limiter.ip('sign-up', ip, this.config.AUTH_SIGNUP_IP_THRESHOLD);
    await this.limiter.check([ipKey]);
    const invitation = input.inviteToken ? await this.team.pendingFor(input.email, tokenHash(input.inviteToken)) : undefined;
    if (invitation) return this.signUpInvited(input, invitation, ipKey);
    const id = randomUUID();
    const accountId = randomUUID();
    const passwordHash = await this.passwords.hash(input.password);
    const verifyToken = newToken();
    const created = await this.unit.run(async () => {
      // The user, their profile and the account they own; nothing when the email is taken.
      if (!(await this.users.createUser({ id, accountId, email: input.email, fullName: input.fullName, passwordHash, role: 'owner' }))) return false;
      await this.profiles.create({ userId: id, fullName: input.fullName, email: input.email });
      await this.team.createAccount({ id: accountId, name: input.fullName, ownerId: id });
      await this.users.addToken({
        tokenHash: tokenHash(verifyToken),
        userId: id,
        purpose: 'verify-email',
        expiresAt: new Date(Date.now() + VERIFY_TOKEN_TTL_MS),
      });
      const who = { accountId, actorId: id };
      await this.bus.record(AuthEvent.UserRegistered, { ...who, payload: { userId: id, accountId, email: input.email, fullName: input.fullName } });
      await this.bus.record(AuthEvent.EmailVerificationRequested, {
        ...who,
        payload: { userId: id, email: input.email, fullName: input.fullName, token: verifyToken },
      });
      return true;
    });
    if (!created) {
      await this.limiter.fail([ipKey]);
      throw rpcError(ErrorCode.AccountExists, 409, 'This email is already registered. Please sign in instead.');
    }
    await this.limiter.fail([ipKey]).catch(() => undefined); // counted; this sign-up itself has succeeded
    if (this.config.AUTH_REQUIRE_EMAIL_CONFIRMATION) return { confirmationRequired: true };
    const user = await this.users.findById(id);
    return this.sessions.start(await this.sessions.subject(user!), false, 'aal1');
  }

  /**
   * Signing up through an invitation's link: the link proves the address, so
   * the user starts verified, in the inviting account, with the invited role.
   */
  private async signUpInvited(
    input: { fullName: string; email: string; password: string },
    invitation: TeamMemberRow,
    ipKey: ReturnType<RateLimiter['ip']>,
  ): Promise<SignInReply> {
    const id = randomUUID();
    const passwordHash = await this.passwords.hash(input.password);
    const created = await this.unit.run(async () => {
      const user = {
        id,
        accountId: invitation.accountId,
        email: input.email,
        fullName: input.fullName,
        passwordHash,
        role: invitation.role,
        emailVerifiedAt: new Date(),
      };
      if (!(await this.users.createUser(user))) return undefined;
      await this.profiles.create({ userId: id, fullName: input.fullName, email: input.email });
      const who = { accountId: invitation.accountId, actorId: id };
      await this.bus.record(AuthEvent.UserRegistered, {
        ...who,
        payload: { userId: id, accountId: invitation.accountId, email: input.email, fullName: input.fullName },
      });
      await this.bus.record(AuthEvent.EmailVerified, { ...who, payload: { userId: id, email: input.email } });
      const row = (await this.users.findById(id))!;
      await this.membership.accept(row, invitation);
      return (await this.users.findById(id))!;
    });
    if (!created) {
      await this.limiter.fail([ipKey]);
      throw rpcError(ErrorCode.AccountExists, 409, 'This email is already registered. Please sign in instead.');
    }
    await this.limiter.fail([ipKey]).catch(() => undefined);
    return this.sessions.start(await this.sessions.subject(created), false, 'aal1');
  }

  async signIn(input: { email: string; password: string; rememberMe: boolean; challenge?: SignInChallengeAnswer }, ip?: string): Promise<SignInReply> {
    // Failures slow the account down and make its proof of work harder everywhere; they never lock it, from any address.
    const accountKey = this.limiter.accountSlowdown('sign-in', input.email);
    const pairKey = this.limiter.accountFrom('sign-in', input.email, ip);
    const ipKey = this.limiter.ip('sign-in', ip);
    const failures = await this.limiter.check([accountKey, pairKey, ipKey]);
    await this.challenges.demand(input.email, failures, input.challenge);
    const user = await this.users.findByEmail(input.email);
    // Before the password is checked: the answer must say nothing of whether it was right.
    await this.singleSignOn.refusePasswordFor(input.email, user);
    const passwordOk = await this.passwords.verify(user?.passwordHash, input.password);
    if (!user || !passwordOk) {
      await this.limiter.failFrom(accountKey, pairKey, ipKey);
      throw rpcError(ErrorCode.InvalidCredentials, 400, 'Invalid login credentials');
    }
    if (this.config.AUTH_REQUIRE_EMAIL_CONFIRMATION && !user.emailVerifiedAt) throw rpcError(ErrorCode.EmailNotConfirmed, 403, 'Email not confirmed');
    await this.limiter.succeed(accountKey);
    await this.limiter.succeed(pairKey);
    // Signing in never changes anyone's membership: invitations wait for the person's own Join (InvitationsService).
    const subject = await this.sessions.subject(user);
    const factor = await this.factors.firstVerified(user.id);
    if (!factor) return this.sessions.start(subject, input.rememberMe, 'aal1');
    const pending = await this.sessions.startAal1(subject, input.rememberMe);
    return { mfaRequired: true, factorId: factor.id, accessToken: pending.accessToken, expiresIn: pending.expiresIn };
  }

  /** Emails a one-time reset link when the address is a user's; answers the same either way. */
  async forgotPassword(email: string, ip?: string): Promise<OkReply> {
    const keys = [this.limiter.account('reset', email), this.limiter.ip('reset', ip)];
    await this.limiter.check(keys);
    // Every request counts, so the endpoint cannot be used to flood someone's inbox.
    await this.limiter.fail(keys).catch(() => undefined);
    const user = await this.users.findByEmail(email);
    if (!user) return OK;
    const token = newToken();
    const expiresAt = new Date(Date.now() + RESET_TOKEN_TTL_MS);
    await this.unit.run(async () => {
      // Only the newest link works: asking again ends the ones sent before.
      await this.users.endTokens(user.id, 'reset-password');
      await this.users.addToken({ tokenHash: tokenHash(token), userId: user.id, purpose: 'reset-password', expiresAt });
      await this.bus.record(AuthEvent.PasswordResetRequested, {
        accountId: user.accountId,
        actorId: user.id,
        payload: { userId: user.id, email: user.email, fullName: user.fullName, token, expiresAt: expiresAt.toISOString() },
      });
    });
    return OK;
  }

  /** Sets a new password from an emailed link and signs every session out. */
  async resetPassword(token: string, password: string, ip?: string): Promise<OkReply> {
    const ipKey = this.limiter.ip('reset-token', ip);
    await this.limiter.check([ipKey]);
    const passwordHash = await this.passwords.hash(password);
    const userId = await this.unit.run(async () => {
      const owner = await this.users.consumeToken(tokenHash(token), 'reset-password');
      if (owner) {
        await this.users.setPassword(owner, passwordHash);
        // Once a link has been used, every other link of that user stops working.
        await this.users.endTokens(owner, 'reset-password');
      }
      return owner;
    });
    if (!userId) {
      await this.limiter.fail([ipKey]);
      throw rpcError(ErrorCode.InvalidToken, 400, 'This reset link is invalid or has expired.');
    }
    await this.sessions.revokeAll(userId);
    return OK;
  }

  /** Changes the password of a signed-in user (current one required) and signs their other sessions out. */
  async changePassword(caller: CallerIdentity, currentPassword: string, newPassword: string): Promise<OkReply> {
    const accountKey = this.limiter.account('change-password', caller.userId);
    await this.limiter.check([accountKey]);
    const user = await this.users.findById(caller.userId);
    if (!user?.passwordHash || !(await this.passwords.verify(user.passwordHash, currentPassword))) {
      await this.limiter.fail([accountKey]);
      throw rpcError(ErrorCode.InvalidCredentials, 400, 'Current password is incorrect');
    }
    await this.users.setPassword(user.id, await this.passwords.hash(newPassword));
    await this.limiter.succeed(accountKey);
    await this.sessions.revokeAll(user.id, caller.sessionId);
    return OK;
  }

  async verifyEmail(token: string): Promise<OkReply> {
    const verified = await this.unit.run(async () => {
      const userId = await this.users.consumeToken(tokenHash(token), 'verify-email');
      const user = userId ? await this.users.findById(userId) : undefined;
      return user && this.markEmailVerified(user);
    });
    if (!verified) throw rpcError(ErrorCode.InvalidToken, 400, 'This confirmation link is invalid or has expired.');
    return OK;
  }

  /**
   * The caller opened a link that was emailed to `email` (a share's): that proves they own it as the
   * confirmation email would. Only their own address can be confirmed so.
   */
  async confirmEmailOwnership(caller: CallerIdentity, email: string): Promise<OkReply> {
    await this.unit.run(async () => {
      const user = await this.users.findById(caller.userId);
      if (!user || user.email !== email) throw rpcError(ErrorCode.Forbidden, 403, 'This link was sent to another email address.');
      return user.emailVerifiedAt ? undefined : this.markEmailVerified(user);
    });
    return OK;
  }

  private async markEmailVerified(user: UserRow): Promise<UserRow> {
    await this.users.markEmailVerified(user.id);
    // Sharing shows files shared with an address only to the user who proved they own it.
    await this.bus.record(AuthEvent.EmailVerified, { accountId: user.accountId, actorId: user.id, payload: { userId: user.id, email: user.email } });
    return { ...user, emailVerifiedAt: user.emailVerifiedAt ?? new Date() };
  }
}
