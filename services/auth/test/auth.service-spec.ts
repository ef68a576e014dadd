import { Logger, type INestMicroservice } from '@nestjs/common';
import { generate } from 'otplib';
import { createHash } from 'node:crypto';
import {
  AccountSubject,
  AuthEvent,
  AuthSubject,
  DELETED_USER_VERSION,
  challengeInput,
  leadingZeroBits,
  solveSignInChallenge,
  type CallerIdentity,
  type MfaChallengeRequired,
  type Revocations,
  type RpcErrorBody,
  type SessionIssued,
  type SignInChallengeAnswer,
  type SignInReply,
} from '@coffer/contracts';
import { eq } from 'drizzle-orm';
import { DATABASE, EventBus, loadConfig, openDatabase, runService, type Database, type DatabaseHandle } from '@coffer/server-core';
import { DATABASE_KINDS, eventually, freshDatabase, TestCaller, testInfra } from '@coffer/server-core/testing';
import { AppModule } from '../src/app.module.js';
import { authConfigSchema } from '../src/config.js';
import { signInChallenges, totpFactors, users } from '../src/db/schema.js';

Logger.overrideLogger(false);

/** A sign-in that issued a session (it fails the test otherwise). */
function issued(reply: SignInReply): SessionIssued {
  if (!('refreshToken' in reply)) throw new Error(`Expected a session, got ${JSON.stringify(reply)}`);
  return reply;
}

/** A sign-in that asks for the second factor (it fails the test otherwise). */
function mfaRequired(reply: SignInReply): MfaChallengeRequired {
  if (!('mfaRequired' in reply)) throw new Error(`Expected a two-factor challenge, got ${JSON.stringify(reply)}`);
  return reply;
}

/** The caller the gateway would build from an access token. */
function callerOf(accessToken: string): CallerIdentity {
  const claims = JSON.parse(Buffer.from(accessToken.split('.')[1], 'base64url').toString());
  return {
    userId: claims.sub,
    accountId: claims.acc,
    role: claims.role,
    sessionId: claims.sid,
    aal: claims.aal,
    mfaPending: claims.aal === 'aal1' && claims.mfa,
  };
}

describe.each(DATABASE_KINDS)('auth service on %s', (kind) => {
  let app: INestMicroservice;
  let rpc: TestCaller;
  let n = 0;
  const email = () => `auth-${kind}-${Date.now()}-${n++}@example.com`;

  beforeAll(async () => {
    const config = loadConfig(authConfigSchema, {
      ...(await freshDatabase(kind)),
      NATS_URL: testInfra().natsUrl,
      S3_ENDPOINT: testInfra().s3Endpoint,
      LOG_LEVEL: 'error',
      AUTH_LOCKOUT_THRESHOLD: '3',
      AUTH_LOCKOUT_SECONDS: '2',
      AUTH_SLOWDOWN_AFTER: '10',
      AUTH_SIGNUP_IP_THRESHOLD: '3',
    });
    app = await runService('auth', config, AppModule.forConfig(config));
    rpc = new TestCaller();
  });
  afterAll(async () => {
    await app.close();
    await rpc.close();
  });

  const signUp = async (address: string, password = 'secret-1') =>
    issued(await rpc.request(AuthSubject.SignUp, { fullName: 'Ada Lovelace', email: address, password }));

  it('signs up once per email, and signs in with the password', async () => {
    const address = email();
    const session = await signUp(address);
    expect(session.user).toMatchObject({ email: address, fullName: 'Ada Lovelace', emailVerified: false });
    expect(session.refreshToken).toMatch(/^[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}$/);
    await expect(signUp(address.toUpperCase())).rejects.toMatchObject({ code: 'ACCOUNT_EXISTS', status: 409 });
    await expect(rpc.request(AuthSubject.SignIn, { email: address, password: 'wrong-1' })).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS' });
    const signedIn = issued(await rpc.request(AuthSubject.SignIn, { email: address, password: 'secret-1', rememberMe: true }));
    expect(signedIn.refreshExpiresAt).not.toBeNull();
  });

  it('rotates refresh tokens and revokes the family when an old one comes back', async () => {
    const session = await signUp(email());
    const next = await rpc.request(AuthSubject.Refresh, { refreshToken: session.refreshToken });
    expect(next.refreshToken).not.toBe(session.refreshToken);
    await expect(rpc.request(AuthSubject.Refresh, { refreshToken: session.refreshToken })).rejects.toMatchObject({ status: 401 });
    await expect(rpc.request(AuthSubject.Refresh, { refreshToken: next.refreshToken })).rejects.toMatchObject({ status: 401 });
  });

  it('signs out the session of a refresh token, with its family; without one there is nothing to end', async () => {
    const session = await signUp(email());
    await expect(rpc.request(AuthSubject.SignOut, {})).resolves.toEqual({ ok: true });
    await expect(rpc.request(AuthSubject.SignOut, { refreshToken: session.refreshToken })).resolves.toEqual({ ok: true });
    await expect(rpc.request(AuthSubject.Refresh, { refreshToken: session.refreshToken })).rejects.toMatchObject({
      status: 401,
      message: 'Your session has ended. Please sign in again.',
    });
  });

  it('signs out the session of a verified access token sent without a refresh token', async () => {
    const session = await signUp(email());
    await expect(rpc.request(AuthSubject.SignOut, {}, callerOf(session.accessToken))).resolves.toEqual({ ok: true });
    await expect(rpc.request(AuthSubject.Refresh, { refreshToken: session.refreshToken })).rejects.toMatchObject({ status: 401 });
  });

  it("keeps what ended for an access token's lifetime, for gateways that start later: ended sessions and deleted users", async () => {
    /** Every revocation in force, page after page, as a gateway reads them at start. */
    const everything = async () => {
      const all: Revocations = { accessTokenTtlSeconds: 0, sessions: [], users: [] };
      let after: string | undefined;
      do {
        const page = await rpc.request(AuthSubject.ListRevocations, { after });
        all.accessTokenTtlSeconds = page.accessTokenTtlSeconds;
        all.sessions.push(...page.sessions);
        all.users.push(...page.users);
        after = page.next;
      } while (after);
      return all;
    };
    const signedOut = await signUp(email());
    const sessionId = callerOf(signedOut.accessToken).sessionId!;
    expect((await everything()).sessions.map((s) => s.sessionId)).not.toContain(sessionId);
    await rpc.request(AuthSubject.SignOut, { refreshToken: signedOut.refreshToken });
    const address = email();
    const deleted = await signUp(address);
    await rpc.request(AccountSubject.DeleteUser, { email: address }, callerOf(deleted.accessToken));

    const now = await everything();
    expect(now.accessTokenTtlSeconds).toBe(900);
    const ended = now.sessions.find((s) => s.sessionId === sessionId)!;
    expect(ended.forSeconds).toBeGreaterThan(800);
    expect(ended.forSeconds).toBeLessThanOrEqual(900);
    // A deleted user's every token stays refused, although their rows are gone.
    expect(now.users).toContainEqual(expect.objectContaining({ userId: deleted.user.id, membershipVersion: DELETED_USER_VERSION }));
    expect(now.sessions.map((s) => s.sessionId)).toContain(callerOf(deleted.accessToken).sessionId);
  });

  it('limits how many accounts one IP address may create', async () => {
    const ip = `10.6.${n}.${kind === 'pglite' ? 1 : 2}`;
    const farm = () => rpc.request(AuthSubject.SignUp, { fullName: 'Farm Account', email: email(), password: 'secret-1' }, undefined, { clientIp: ip });
    for (let i = 0; i < 3; i++) await farm();
    await expect(farm()).rejects.toMatchObject({
      code: 'TOO_MANY_ATTEMPTS',
      status: 429,
    });
    // Another address is not affected.
    await expect(
      rpc.request(AuthSubject.SignUp, { fullName: 'Real Person', email: email(), password: 'secret-1' }, undefined, { clientIp: '10.5.0.9' }),
    ).resolves.toHaveProperty('accessToken');
  });

  it('never locks an account tried from one address: past the threshold the right password still signs in there', async () => {
    const address = email();
    await signUp(address);
    const attempt = (password: string) => rpc.request(AuthSubject.SignIn, { email: address, password }, undefined, { clientIp: `10.45.${n}.1` });
    for (const guess of ['wrong-1', 'wrong-2', 'wrong-3', 'wrong-4']) await expect(attempt(guess)).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS' });
    await expect(attempt('secret-1')).resolves.toMatchObject({ user: { email: address } });
  });

  it('asks a proof of work of sign-in once an account saw failures from anywhere: each answer counts once, for that account only', async () => {
    const [owner, other] = [email(), email()];
    await signUp(owner);
    await signUp(other);
    const attempt = (address: string, password: string, challenge?: SignInChallengeAnswer) =>
      rpc.request(AuthSubject.SignIn, { email: address, password, challenge }, undefined, { clientIp: '10.44.1.1' });
    const challengeFor = async (address: string) => ((await attempt(address, 'secret-1').catch((e: RpcErrorBody) => e)) as RpcErrorBody).challenge!;
    // Five guesses from five addresses: none is locked (each tried once), but each account now asks for work first.
    for (const address of [owner, other]) {
      for (let i = 0; i < 5; i++) {
        const guess = rpc.request(AuthSubject.SignIn, { email: address, password: 'wrong-password' }, undefined, { clientIp: `10.44.0.${i}` });
        await expect(guess).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS' });
      }
    }
    await expect(attempt(owner, 'secret-1')).rejects.toMatchObject({
      code: 'CHALLENGE_REQUIRED',
      status: 428,
      challenge: { token: expect.any(String), bits: 16 },
    });

    // A wrong solution is refused, and uses the challenge up: solved afterwards, it no longer opens anything.
    const first = await challengeFor(owner);
    const notASolution = Array.from({ length: 100 }, (_, i) => String(i)).find(
      (n) => leadingZeroBits(createHash('sha256').update(challengeInput(first.token, n)).digest()) < first.bits,
    )!;
    await expect(attempt(owner, 'secret-1', { token: first.token, solution: notASolution })).rejects.toMatchObject({ code: 'CHALLENGE_REQUIRED' });
    await expect(attempt(owner, 'secret-1', await solveSignInChallenge(first))).rejects.toMatchObject({ code: 'CHALLENGE_REQUIRED' });
    // The owner's challenge does not open another account.
    await expect(attempt(other, 'secret-1', await solveSignInChallenge(await challengeFor(owner)))).rejects.toMatchObject({ code: 'CHALLENGE_REQUIRED' });
    // The password is not even looked at without the work: a wrong one is not counted as another failure.
    await expect(attempt(owner, 'wrong-again')).rejects.toMatchObject({ code: 'CHALLENGE_REQUIRED' });

    const solved = await solveSignInChallenge(await challengeFor(owner));
    await expect(attempt(owner, 'secret-1', solved)).resolves.toMatchObject({ user: { email: owner } });
    const tokenHash = createHash('sha256').update(solved.token).digest('base64url');
    expect(await app.get<Database>(DATABASE).select().from(signInChallenges).where(eq(signInChallenges.tokenHash, tokenHash))).toEqual([]);
    // Signed in, the account forgets its failures: no more work is asked.
    await expect(attempt(owner, 'secret-1')).resolves.toMatchObject({ user: { email: owner } });
  });

  it('puts a person who answers two invitations at once in one account only: the other Join is refused', async () => {
    const [first, second, address] = [await signUp(email()), await signUp(email()), email()];
    const person = await signUp(address);
    await app.get<Database>(DATABASE).update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, person.user.id));
    for (const inviter of [first, second]) await rpc.request(AccountSubject.InviteMember, { email: address, role: 'member' }, callerOf(inviter.accessToken));
    const caller = callerOf(person.accessToken);
    const { items } = await rpc.request(AccountSubject.ListInvitations, {}, caller);
    expect(items).toHaveLength(2);
    const answers = await Promise.allSettled(items.map((i) => rpc.request(AccountSubject.JoinInvitation, { id: i.id }, caller)));
    expect(answers.map((a) => a.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(answers.find((a) => a.status === 'rejected')).toMatchObject({ reason: { status: 409 } });
    const [stored] = await app.get<Database>(DATABASE).select().from(users).where(eq(users.id, person.user.id));
    const statuses = await Promise.all(
      [first, second].map(async (inviter) => ({
        here: callerOf(inviter.accessToken).accountId === stored.accountId,
        status: (await rpc.request(AccountSubject.ListTeam, {}, callerOf(inviter.accessToken))).items[0].status,
      })),
    );
    // Active where they are, still Pending in the other account.
    expect(statuses.map((s) => [s.here, s.status]).sort()).toEqual([
      [false, 'pending'],
      [true, 'active'],
    ]);
  });

  it('enrols a TOTP factor whose secret is stored encrypted, and then asks for it at sign-in', async () => {
    const address = email();
    const session = await signUp(address);
    const caller = callerOf(session.accessToken);
    const factor = await rpc.request(AuthSubject.EnrollFactor, {}, caller);
    const challenge = await rpc.request(AuthSubject.ChallengeFactor, { factorId: factor.id }, caller);
    await rpc.request(AuthSubject.VerifyFactor, { factorId: factor.id, challengeId: challenge.id, code: await generate({ secret: factor.secret }) }, caller);

    const [stored] = await app.get<Database>(DATABASE).select().from(totpFactors).where(eq(totpFactors.id, factor.id));
    expect(stored.status).toBe('verified');
    expect(stored.secretCiphertext).not.toContain(factor.secret);

    const pending = mfaRequired(await rpc.request(AuthSubject.SignIn, { email: address, password: 'secret-1' }));
    expect(pending).toMatchObject({ mfaRequired: true, factorId: factor.id });
    const aal1 = callerOf(pending.accessToken);
    expect(aal1.mfaPending).toBe(true);
    // The aal1 step cannot enrol or remove factors: only verify.
    await expect(rpc.request(AuthSubject.EnrollFactor, {}, aal1)).rejects.toMatchObject({ code: 'MFA_REQUIRED', status: 403 });
    await expect(rpc.request(AuthSubject.UnenrollFactor, { factorId: factor.id }, aal1)).rejects.toMatchObject({ code: 'MFA_REQUIRED' });
  });
});

describe('auth service with AUTH_REQUIRE_EMAIL_CONFIRMATION=true', () => {
  let app: INestMicroservice;
  let rpc: TestCaller;
  let listener: EventBus;
  let idempotency: DatabaseHandle<Record<string, unknown>>;
  const tokens = new Map<string, string>();

  beforeAll(async () => {
    const config = loadConfig(authConfigSchema, {
      ...(await freshDatabase('pglite')),
      NATS_URL: testInfra().natsUrl,
      S3_ENDPOINT: testInfra().s3Endpoint,
      LOG_LEVEL: 'error',
      AUTH_REQUIRE_EMAIL_CONFIRMATION: 'true',
    });
    app = await runService('auth', config, AppModule.forConfig(config));
    rpc = new TestCaller();
    listener = await EventBus.connect({ nats: testInfra().natsUrl, consumer: `confirm-test-${Date.now()}`, logger: new Logger('test') });
    listener.on(AuthEvent.EmailVerificationRequested, async (event) => {
      tokens.set(event.payload.email, event.payload.token);
    });
    const db = await freshDatabase('pglite');
    // The listener's own record of handled events: a database with only the core's tables.
    idempotency = await openDatabase({ service: 'confirm-listener', schema: {}, dataDir: db.DATA_DIR });
    await listener.start(idempotency.db);
  });
  afterAll(async () => {
    await listener.close();
    await idempotency.close();
    await app.close();
    await rpc.close();
  });

  it('signs nobody in before they confirm their email, then signs them in', async () => {
    const address = `confirm-${Date.now()}@example.com`;
    await expect(rpc.request(AuthSubject.SignUp, { fullName: 'Grace Hopper', email: address, password: 'secret-1' })).resolves.toEqual({
      confirmationRequired: true,
    });
    await expect(rpc.request(AuthSubject.SignIn, { email: address, password: 'secret-1' })).rejects.toEqual({
      code: 'EMAIL_NOT_CONFIRMED',
      status: 403,
      message: 'Email not confirmed',
    });
    const token = await eventually(async () => tokens.get(address));
    await rpc.request(AuthSubject.VerifyEmail, { token });
    await expect(rpc.request(AuthSubject.SignIn, { email: address, password: 'secret-1' })).resolves.toMatchObject({
      user: { email: address, emailVerified: true },
    });
  });
});
