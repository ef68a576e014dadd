import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Configuration } from 'openid-client';
import {
  AuthEvent,
  ErrorCode,
  SignInPolicyEvent,
  SSO_CLIENT_SECRET_REQUIRED,
  SSO_DISCOVERY_FAILED,
  SSO_INTERNAL_ADDRESS,
  SSO_DOMAIN_NOT_LISTED,
  SSO_DNS_LOOKUP_FAILED,
  SSO_DOMAIN_NOT_VERIFIED,
  SSO_DOMAIN_TAKEN,
  SSO_NO_USER,
  SSO_NOT_AVAILABLE,
  SSO_ONLY_REFUSAL,
  SSO_OTHER_ACCOUNT,
  SSO_SIGN_IN_FAILED,
  type CallerIdentity,
  type ReceivedPayload,
  type SessionIssued,
  type SingleSignOnReply,
  type SingleSignOnSubject,
  type SsoLookupReply,
  ssoVerificationRecordName,
  ssoVerificationRecordValue,
} from '@coffer/contracts';
import { EventBus, rpcError, SERVICE_CONFIG, tokenHash, UnitOfWork } from '@coffer/server-core';
import type { AuthConfig } from '../config.js';
import { TotpSecrets } from '../factors/totp-secrets.js';
import { BrandingRepository } from '../branding/branding.repository.js';
import { ProfilesRepository } from '../profiles/profiles.repository.js';
import { RateLimiter } from '../rate-limits/rate-limits.service.js';
import { SessionsService } from '../sessions/sessions.service.js';
import { AccessService } from '../team/access.service.js';
import { MembershipService } from '../team/membership.service.js';
import { TeamRepository } from '../team/team.repository.js';
import { UsersRepository, type UserRow } from '../users/users.repository.js';
import { DnsLookupError, DomainRecords } from './domain-records.js';
import { InternalAddressError, OpenIdProviders } from './openid-providers.js';
import { SingleSignOnRepository, type SsoConnection } from './single-sign-on.repository.js';

/** How long a sign-in may take at the provider before its state is refused. */
const SIGN_IN_TTL_MS = 10 * 60_000;
/** How long a provider's discovery (and the keys read with it) is kept before it is read again. */
const DISCOVERY_KEPT_MS = 5 * 60_000;

/** Whether discovery failed because an address was internal (openid-client wraps what the fetch threw). */
const internal = (error: unknown): boolean =>
  error instanceof InternalAddressError || (error instanceof Error && error.cause !== undefined && internal(error.cause));
const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1);
const failed = (message = SSO_SIGN_IN_FAILED) => rpcError(ErrorCode.Unauthenticated, 401, message);
const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Single sign-on with the account's OpenID provider (plans with advanced security): the owner and admins set it up;
 * anyone of a covered domain signs in through it, and gets a session exactly as a password sign-in makes one (an SSO
 * sign-in counts as two-factor). Nobody is ever moved out of another account by it.
 */
@Injectable()
export class SingleSignOnService {
  private readonly discovered = new Map<string, { configuration: Promise<Configuration>; until: number }>();

  constructor(
    @Inject(SingleSignOnRepository) private readonly connections: SingleSignOnRepository,
    @Inject(OpenIdProviders) private readonly providers: OpenIdProviders,
    @Inject(DomainRecords) private readonly records: DomainRecords,
    @Inject(TotpSecrets) private readonly secrets: TotpSecrets,
    @Inject(AccessService) private readonly access: AccessService,
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(TeamRepository) private readonly team: TeamRepository,
    @Inject(MembershipService) private readonly membership: MembershipService,
    @Inject(BrandingRepository) private readonly branding: BrandingRepository,
    @Inject(ProfilesRepository) private readonly profiles: ProfilesRepository,
    @Inject(SessionsService) private readonly sessions: SessionsService,
    @Inject(EventBus) private readonly bus: EventBus,
    @Inject(UnitOfWork) private readonly unit: UnitOfWork,
    @Inject(RateLimiter) private readonly limiter: RateLimiter,
    @Inject(SERVICE_CONFIG) private readonly config: AuthConfig,
  ) {}

  /** Where the provider sends people back (the login page, which hands the answer to the server). */
  get redirectUri() {
    return new URL('/login', this.config.APP_URL).href;
  }

  async get(caller: CallerIdentity): Promise<SingleSignOnReply> {
    const actor = await this.manager(caller);
    return this.reply(await this.connections.find(actor.accountId));
  }

  async save(caller: CallerIdentity, change: ReceivedPayload<typeof SingleSignOnSubject.Save>): Promise<SingleSignOnReply> {
    const actor = await this.manager(caller);
    const before = await this.connections.find(actor.accountId);
    const domains = [...new Set(change.domains)].sort();
    const taken = await this.connections.domainsOfOthers(actor.accountId, domains);
    if (taken.length > 0) throw rpcError(ErrorCode.Conflict, 409, SSO_DOMAIN_TAKEN(taken[0]));
    const clientSecret = change.clientSecret ?? (before && this.sameProvider(before, change) ? this.secrets.open(before.clientSecretSealed) : undefined);
    if (!clientSecret) throw rpcError(ErrorCode.ValidationFailed, 400, SSO_CLIENT_SECRET_REQUIRED);
    // Discovery is read now: a wrong issuer is said at once, not at someone's first sign-in.
    await this.providers.discover({ issuer: change.issuer, clientId: change.clientId, clientSecret }).catch((error: unknown) => {
      throw rpcError(ErrorCode.ValidationFailed, 400, internal(error) ? SSO_INTERNAL_ADDRESS : SSO_DISCOVERY_FAILED);
    });
    await this.unit.run(async () => {
      const row = {
        accountId: actor.accountId,
        issuer: change.issuer,
        clientId: change.clientId,
        clientSecretSealed: this.secrets.seal(clientSecret),
        createUsers: change.createUsers,
        ssoOnly: change.ssoOnly,
        updatedBy: actor.id,
      };
      await this.connections.save(row, domains);
      const sso = { issuer: change.issuer, clientId: change.clientId, domains, createUsers: change.createUsers, ssoOnly: change.ssoOnly };
      await this.bus.record(SignInPolicyEvent.Changed, {
        accountId: actor.accountId,
        actorId: actor.id,
        payload: { sso: { ...sso, secretChanged: Boolean(change.clientSecret) } },
      });
    });
    return this.reply(await this.connections.find(actor.accountId));
  }

  /**
   * Reads the TXT record that proves the account holds `domain` (one of its SSO domains, unverified): found, the
   * domain is verified, and other accounts' unverified claims of it are dropped. Verified elsewhere first: taken.
   */
  async verifyDomain(caller: CallerIdentity, domain: string): Promise<SingleSignOnReply> {
    const actor = await this.manager(caller);
    const listed = (await this.connections.find(actor.accountId))?.domains.find((d) => d.domain === domain);
    // Verified elsewhere first (which drops this account's claim, so it may no longer be listed): taken.
    const taken = () => rpcError(ErrorCode.Conflict, 409, SSO_DOMAIN_TAKEN(domain));
    if (!listed?.verifiedAt && (await this.connections.domainsOfOthers(actor.accountId, [domain])).length > 0) throw taken();
    if (!listed) throw rpcError(ErrorCode.NotFound, 404, SSO_DOMAIN_NOT_LISTED);
    if (!listed.verifiedAt) {
      const published = await this.records.txt(ssoVerificationRecordName(domain)).catch((error: unknown) => {
        // Not "no record": nothing is known yet, and asking again later may well work.
        if (error instanceof DnsLookupError) throw rpcError(ErrorCode.ServiceUnavailable, 503, SSO_DNS_LOOKUP_FAILED(domain));
        throw error;
      });
      if (!published.includes(ssoVerificationRecordValue(listed.verificationToken)))
        throw rpcError(ErrorCode.ValidationFailed, 400, SSO_DOMAIN_NOT_VERIFIED(domain));
      await this.unit.run(async () => {
        const outcome = await this.connections.markVerified(actor.accountId, domain);
        if (outcome === 'taken') throw taken();
        // Verified by this account's other ask a moment ago: the same answer, recorded once.
        if (outcome === 'verified')
          await this.bus.record(SignInPolicyEvent.Changed, { accountId: actor.accountId, actorId: actor.id, payload: { ssoDomainVerified: domain } });
      });
    }
    return this.reply(await this.connections.find(actor.accountId));
  }

  async remove(caller: CallerIdentity): Promise<SingleSignOnReply> {
    const actor = await this.access.require(caller, 'manageTeam');
    await this.unit.run(async () => {
      if (await this.connections.remove(actor.accountId))
        await this.bus.record(SignInPolicyEvent.Changed, { accountId: actor.accountId, actorId: actor.id, payload: { sso: null } });
    });
    return this.reply(undefined);
  }

  /** The button's company for an address of a covered domain; null for anything else (nothing more is said). */
  async lookup(email: string, ip?: string): Promise<SsoLookupReply> {
    // Every lookup counts against the address: nobody lists which company covers which domain.
    const ipKey = this.limiter.ip('sso-lookup', ip, this.config.AUTH_SSO_LOOKUP_IP_THRESHOLD);
    await this.limiter.check([ipKey]);
    await this.limiter.fail([ipKey]).catch(() => undefined);
    const connection = await this.covering(email);
    return { sso: connection ? { companyName: await this.companyName(connection.accountId) } : null };
  }

  /** Begins a sign-in at the provider: state, nonce and PKCE verifier kept here, tied to the starting browser. */
  async start(email: string, rememberMe: boolean, ip?: string) {
    // Each start keeps a row here and asks the provider: an address may start so many in a window.
    const ipKey = this.limiter.ip('sso-start', ip, this.config.AUTH_SSO_START_IP_THRESHOLD);
    await this.limiter.check([ipKey]);
    await this.limiter.fail([ipKey]).catch(() => undefined); // counted; this start itself goes on
    const connection = await this.covering(email);
    if (!connection) throw rpcError(ErrorCode.ValidationFailed, 400, SSO_NOT_AVAILABLE);
    const configuration = await this.configuration(connection);
    const request = await this.providers.authorization(configuration, this.redirectUri, email);
    const browserBinding = randomBytes(32).toString('base64url');
    await this.connections.startSignIn({
      stateHash: tokenHash(request.state),
      accountId: connection.accountId,
      email,
      nonce: request.nonce,
      codeVerifier: request.codeVerifier,
      browserBindingHash: tokenHash(browserBinding),
      rememberMe,
      expiresAt: new Date(Date.now() + SIGN_IN_TTL_MS),
    });
    return { authorizationUrl: request.url, browserBinding };
  }

  /**
   * The provider's answer: its state taken once (a replay finds nothing), from the browser that started it, within
   * its time; the code exchanged and the ID token checked; then the person is signed in, or created in the account
   * when the admin turned that on.
   */
  async finish(answer: ReceivedPayload<typeof SingleSignOnSubject.Finish>): Promise<SessionIssued> {
    const pending = await this.connections.takeSignIn(tokenHash(answer.state));
    if (!pending || pending.expiresAt.getTime() < Date.now()) throw failed();
    if (!answer.browserBinding || !sameHash(tokenHash(answer.browserBinding), pending.browserBindingHash)) throw failed();
    if (answer.error || !answer.code) throw failed('Your company’s sign-in was cancelled or refused. Please try again.');
    const connection = await this.connections.find(pending.accountId);
    if (!connection || !(await this.planAllows(connection.accountId))) throw failed();
    const callback = new URL(this.redirectUri);
    for (const key of ['code', 'state', 'iss'] as const) if (answer[key]) callback.searchParams.set(key, answer[key]);
    const claims = await this.providers.signedInAs(await this.configuration(connection), callback, { ...pending, state: answer.state });
    const email = typeof claims?.email === 'string' ? claims.email.trim().toLowerCase() : undefined;
    if (!claims || !email || claims.email_verified === false) throw failed();
    // The provider vouches only for its account's domains.
    if ((await this.connections.accountCovering(domainOf(email))) !== connection.accountId) throw failed(SSO_NOT_AVAILABLE);
    const existing = await this.users.findByEmail(email);
    // Signing in never moves anyone: a user of another account stays there, and signs in there with their password.
    if (existing && existing.accountId !== connection.accountId) throw failed(SSO_OTHER_ACCOUNT);
    const user = existing ?? (await this.provision(connection, email, claims));
    const subject = { ...(await this.sessions.subject(user)), twoFactorSetup: false };
    return this.sessions.start(subject, pending.rememberMe, 'aal2', 'sso');
  }

  /** Refused when the account of `user` signs in through its provider only for the user's domain (the owner keeps their password). */
  async refusePasswordFor(email: string, user: UserRow | undefined): Promise<void> {
    const connection = await this.covering(email);
    if (!connection?.ssoOnly) return;
    if (user && (user.accountId !== connection.accountId || user.role === 'owner')) return;
    throw rpcError(ErrorCode.Forbidden, 403, SSO_ONLY_REFUSAL);
  }

  /** The connection whose domains include the address's, on a plan that has it. */
  private async covering(email: string): Promise<SsoConnection | undefined> {
    const accountId = await this.connections.accountCovering(domainOf(email));
    if (!accountId || !(await this.planAllows(accountId))) return undefined;
    return this.connections.find(accountId);
  }

  private async provision(connection: SsoConnection, email: string, claims: Record<string, unknown>): Promise<UserRow> {
    if (!connection.createUsers) throw failed(SSO_NO_USER);
    const id = randomUUID();
    const name = typeof claims.name === 'string' && claims.name.trim().length >= 2 ? claims.name.trim().slice(0, 200) : email.slice(0, email.indexOf('@'));
    const created = await this.unit.run(async () => {
      const row = { id, accountId: connection.accountId, email, fullName: name, passwordHash: null, role: 'member' as const, emailVerifiedAt: new Date() };
      if (!(await this.users.createUser(row))) return undefined;
      await this.profiles.create({ userId: id, fullName: name, email });
      const who = { accountId: connection.accountId, actorId: id };
      await this.bus.record(AuthEvent.UserRegistered, { ...who, payload: { userId: id, accountId: connection.accountId, email, fullName: name } });
      await this.bus.record(AuthEvent.EmailVerified, { ...who, payload: { userId: id, email } });
      // A member of the team like any other (listed in Team, "joined" in the audit log), taking an invitation of
      // the account to this address where there is one (with its role).
      const invitation =
        (await this.team.invite({
          accountId: connection.accountId,
          email,
          role: 'member',
          invitedBy: connection.updatedBy,
          tokenHash: tokenHash(randomUUID()),
        })) ?? (await this.team.pendingInvitationsOf(email)).find((i) => i.accountId === connection.accountId);
      if (invitation) await this.membership.accept((await this.users.findById(id))!, invitation);
      return this.users.findById(id);
    });
    // Created meanwhile by another sign-in of the same person: that user it is.
    const user = created ?? (await this.users.findByEmail(email));
    if (!user) throw failed();
    return user;
  }

  private async manager(caller: CallerIdentity): Promise<UserRow> {
    const actor = await this.access.require(caller, 'manageTeam');
    await this.access.requireFeature(actor, 'hasAdvancedSecurity');
    return actor;
  }

  private async planAllows(accountId: string): Promise<boolean> {
    const ownerId = (await this.team.account(accountId))?.ownerId;
    const owner = ownerId ? await this.users.findById(ownerId) : undefined;
    return owner ? this.access.hasFeature(owner, 'hasAdvancedSecurity') : false;
  }

  /** The provider as discovered, kept a few minutes per saved connection (its keys with it): a sign-in does not read discovery twice. */
  private configuration(connection: SsoConnection): Promise<Configuration> {
    const key = `${connection.accountId}:${connection.updatedAt.getTime()}`;
    const kept = this.discovered.get(key);
    if (kept && kept.until > Date.now()) return kept.configuration;
    const { issuer, clientId } = connection;
    const configuration = this.providers.discover({ issuer, clientId, clientSecret: this.secrets.open(connection.clientSecretSealed) }).catch(() => {
      this.discovered.delete(key);
      throw rpcError(ErrorCode.ServiceUnavailable, 503, "Your company's sign-in provider could not be reached. Please try again later.");
    });
    for (const [old, entry] of this.discovered) if (entry.until <= Date.now() || old.startsWith(`${connection.accountId}:`)) this.discovered.delete(old);
    this.discovered.set(key, { configuration, until: Date.now() + DISCOVERY_KEPT_MS });
    return configuration;
  }

  private sameProvider(before: SsoConnection, change: { issuer: string; clientId: string }) {
    return before.issuer === change.issuer && before.clientId === change.clientId;
  }

  private async companyName(accountId: string): Promise<string> {
    const branding = await this.branding.find(accountId);
    return branding?.companyName || (await this.team.account(accountId))?.name || 'your company';
  }

  private reply(connection: SsoConnection | undefined): SingleSignOnReply {
    const redirectUri = this.redirectUri;
    if (!connection) return { sso: null, redirectUri };
    const { issuer, clientId, createUsers, ssoOnly } = connection;
    const domains = connection.domains.map((d) => d.domain);
    const verifications = connection.domains.map((d) => ({
      domain: d.domain,
      verified: d.verifiedAt !== null,
      txtName: ssoVerificationRecordName(d.domain),
      txtValue: ssoVerificationRecordValue(d.verificationToken),
    }));
    return { sso: { issuer, clientId, domains, createUsers, ssoOnly, verifications }, redirectUri };
  }
}
