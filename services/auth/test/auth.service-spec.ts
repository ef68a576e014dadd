import { Logger, type INestMicroservice } from '@nestjs/common';
import { generate } from 'otplib';
import { createHash } from 'node:crypto';
import {
  AuthEvent,
  AuthSubject,
  challengeInput,
  leadingZeroBits,
  solveSignInChallenge,
  type CallerIdentity,
  type MfaChallengeRequired,
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
import { signInChallenges, totpFactors } from '../src/db/schema.js';

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
  return { userId: claims.sub, accountId: claims.acc, role: claims.role, sessionId: claims.sid, aal: claims.aal, mfaPending: claims.aal === 'aal1' && claims.mfa };
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

  const signUp = async (address: string, password = 'secret-1') => issued(await rpc.request(AuthSubject.SignUp, { fullName: 'Ada Lovelace', email: address, password }));

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

  it('limits how many accounts one IP address may create', async () => {
    const ip = `10.6.${n}.${kind === 'pglite' ? 1 : 2}`;
    const farm = () => rpc.request(AuthSubject.SignUp, { fullName: 'Farm Account', email: email(), password: 'secret-1' }, undefined, { clientIp: ip });
    for (let i = 0; i < 3; i++) await farm();
    await expect(farm()).rejects.toMatchObject({
      code: 'TOO_MANY_ATTEMPTS',
      status: 429,
    });
    // Another address is not affected.
    await expect(rpc.request(AuthSubject.SignUp, { fullName: 'Real Person', email: email(), password: 'secret-1' }, undefined, { clientIp: '10.5.0.9' })).resolves.toHaveProperty(
      'accessToken',
    );
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
    await expect(attempt(owner, 'secret-1')).rejects.toMatchObject({ code: 'CHALLENGE_REQUIRED', status: 428, challenge: { token: expect.any(String), bits: 16 } });

    // A wrong solution is refused, and uses the challenge up: solved afterwards, it no longer opens anything.
    const first = await challengeFor(owner);
    const notASolution = Array.from({ length: 100 }, (_, i) => String(i)).find((n) => leadingZeroBits(createHash('sha256').update(challengeInput(first.token, n)).digest()) < first.bits)!;
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
    const config = loadConfig(authConfigSchema, { ...(await freshDatabase('pglite')), NATS_URL: testInfra().natsUrl, S3_ENDPOINT: testInfra().s3Endpoint, LOG_LEVEL: 'error', AUTH_REQUIRE_EMAIL_CONFIRMATION: 'true' });
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
    await expect(rpc.request(AuthSubject.SignUp, { fullName: 'Grace Hopper', email: address, password: 'secret-1' })).resolves.toEqual({ confirmationRequired: true });
    await expect(rpc.request(AuthSubject.SignIn, { email: address, password: 'secret-1' })).rejects.toEqual({
      code: 'EMAIL_NOT_CONFIRMED',
      status: 403,
      message: 'Email not confirmed',
    });
    const token = await eventually(async () => tokens.get(address));
    await rpc.request(AuthSubject.VerifyEmail, { token });
    await expect(rpc.request(AuthSubject.SignIn, { email: address, password: 'secret-1' })).resolves.toMatchObject({ user: { email: address, emailVerified: true } });
  });
});
