import { createPrivateKey, generateKeyPairSync, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import { generate } from 'otplib';
import {
  solveSignInChallenge,
  type AuditEntry,
  type HttpErrorBody,
  type ListAuditLogsReply,
  type Profile,
  type SessionInfo,
  type SignInChallengeAnswer,
} from '@coffer/contracts';
import { call, capturedMailTo, enableTwoFactor, eventually, gatewayUrl, linkToken, mailTo, signUp, uniqueEmail, type TestUser } from './support.js';

/** Every secret this file used: none may appear in any log line of the run. */
const secrets = new Set<string>();
const remember = (...values: string[]) => values.forEach((v) => secrets.add(v));

const signIn = (email: string, password: string, rememberMe = false, headers?: Record<string, string>, challenge?: SignInChallengeAnswer) =>
  call<{ accessToken: string; mfaRequired?: boolean; factorId?: string } & Partial<HttpErrorBody>>('/api/auth/sign-in', {
    body: { email, password, rememberMe, challenge },
    headers,
    base: headers ? gatewayUrl() : undefined,
  });

/**
 * An access token with the claims and key id of `user`'s, expiring at `exp` (seconds), signed with the auth service's
 * key of this test run, or with `key`.
 */
function mintLike(user: TestUser, exp: number, key: Parameters<SignJWT['sign']>[0] = createPrivateKey(process.env.COFFER_TEST_JWT_PRIVATE_KEY as string)) {
  const [header, payload] = user.accessToken.split('.');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
  const kid = JSON.parse(Buffer.from(header, 'base64url').toString()).kid;
  return new SignJWT({ acc: claims.acc, role: claims.role, sid: claims.sid, aal: claims.aal, mfa: false })
    .setProtectedHeader({ alg: 'ES256', kid })
    .setSubject(claims.sub)
    .setIssuer('coffer-auth')
    .setAudience('coffer')
    .setIssuedAt(exp - 900)
    .setExpirationTime(exp)
    .sign(key);
}

const newUser = async (): Promise<TestUser> => {
  const user = await signUp();
  remember(user.password, user.accessToken, user.cookie.split('=')[1]);
  return user;
};

describe('sign-up', () => {
  it('creates the account, signs in at once with a session cookie, and sends the welcome and confirmation emails', async () => {
    const email = uniqueEmail('new');
    const password = `pw-${randomUUID()}`;
    remember(password);
    const { status, body, res } = await call<{ accessToken: string; expiresIn: number; user: SessionInfo['user'] }>('/api/auth/sign-up', {
      body: { fullName: '  Ada Lovelace ', email: email.toUpperCase(), password },
    });
    expect(status).toBe(201);
    expect(body).toMatchObject({ expiresIn: 900, user: { email, fullName: 'Ada Lovelace', emailVerified: false } });
    expect(body).not.toHaveProperty('refreshToken');
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('coffer_refresh='))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Path=\/api\/auth/);
    expect(cookie).not.toMatch(/Expires/); // "Remember me" is off at sign-up: a browser-session cookie

    const welcome = await mailTo(email, 'Welcome to Coffer');
    expect(welcome.text).toContain('/dashboard');
    const confirm = await mailTo(email, 'Confirm your email address');
    const token = linkToken(confirm, '/verify-email');
    remember(token);

    expect((await call('/api/auth/email/verify', { body: { token } })).status).toBe(204);
    const session = await call<SessionInfo>('/api/auth/session', { token: body.accessToken });
    expect(session.body.user.emailVerified).toBe(true);
    const again = await call<HttpErrorBody>('/api/auth/email/verify', { body: { token } });
    expect(again.body).toMatchObject({ code: 'INVALID_TOKEN', message: 'This confirmation link is invalid or has expired.' });
  });

  it('refuses an email that is already registered, whatever its case', async () => {
    const user = await newUser();
    const { status, body } = await call<HttpErrorBody>('/api/auth/sign-up', {
      body: { fullName: 'Someone', email: user.email.toUpperCase(), password: 'another1' },
    });
    expect(status).toBe(409);
    expect(body).toMatchObject({ code: 'ACCOUNT_EXISTS', message: 'This email is already registered. Please sign in instead.' });
  });

  it.each([
    [{ fullName: 'Ada', email: 'not-an-email', password: 'secret1' }, 'Please enter a valid email address'],
    [{ fullName: 'Ada', email: 'ada@example.com', password: '12345' }, 'Password must be at least 6 characters'],
    [{ fullName: ' A ', email: 'ada@example.com', password: 'secret1' }, 'Name must be at least 2 characters'],
  ])('refuses %j with "%s"', async (input, message) => {
    const { status, body } = await call<HttpErrorBody>('/api/auth/sign-up', { body: input });
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 'VALIDATION_FAILED', message });
  });
});

describe('sign-in and sessions', () => {
  it('refuses a wrong password and an unknown email alike', async () => {
    const user = await newUser();
    for (const [email, password] of [
      [user.email, 'wrong-password'],
      [uniqueEmail('nobody'), user.password],
    ]) {
      const { status, body } = await signIn(email, password);
      expect(status).toBe(400);
      expect(body).toMatchObject({ code: 'INVALID_CREDENTIALS', message: 'Invalid login credentials' });
    }
  });

  it('keeps the session 30 days with "Remember me"', async () => {
    const user = await newUser();
    const { status, res } = await signIn(user.email, user.password, true);
    expect(status).toBe(200);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('coffer_refresh='))!;
    const expires = new Date(cookie.match(/Expires=([^;]+)/)![1]).getTime();
    expect(expires - Date.now()).toBeGreaterThan(29 * 86400_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(30 * 86400_000 + 60_000);
  });

  it('answers a visitor without a session cookie 204, not an error: there is nothing to renew', async () => {
    const res = await call('/api/auth/refresh', { method: 'POST' });
    expect(res.status).toBe(204);
    expect(res.res.headers.get('set-cookie')).toBeNull();
  });

  it('rotates the refresh token, and a reused one ends the whole session', async () => {
    const user = await newUser();
    const first = await call<{ accessToken: string }>('/api/auth/refresh', { method: 'POST', cookie: user.cookie });
    expect(first.status).toBe(200);
    expect(first.cookie).toBeDefined();
    expect(first.cookie).not.toBe(user.cookie);
    remember(first.cookie!.split('=')[1], first.body.accessToken);

    const reuse = await call<HttpErrorBody>('/api/auth/refresh', { method: 'POST', cookie: user.cookie });
    expect(reuse.status).toBe(401);
    expect(reuse.body.message).toBe('Your session has ended. Please sign in again.');
    // The thief's reuse also ended the rightful holder's newer token, and its access tokens.
    expect((await call('/api/auth/refresh', { method: 'POST', cookie: first.cookie })).status).toBe(401);
    await eventually(async () => (await call('/api/files', { token: first.body.accessToken })).status === 401);
  });

  it('signs out: the refresh token and the access token stop working', async () => {
    const user = await newUser();
    expect((await call('/api/files', { token: user.accessToken })).status).toBe(200);
    const out = await call('/api/auth/sign-out', { method: 'POST', cookie: user.cookie });
    expect(out.status).toBe(204);
    expect(out.res.headers.getSetCookie().join()).toMatch(/coffer_refresh=;/);
    expect((await call('/api/auth/refresh', { method: 'POST', cookie: user.cookie })).status).toBe(401);
    await eventually(async () => (await call('/api/files', { token: user.accessToken })).status === 401);
  });

  it('signs out with only the access token (no cookie): that session ends, its access token with it', async () => {
    const user = await newUser();
    expect((await call('/api/files', { token: user.accessToken })).status).toBe(200);
    expect((await call('/api/auth/sign-out', { method: 'POST', token: user.accessToken })).status).toBe(204);
    await eventually(async () => (await call('/api/files', { token: user.accessToken })).status === 401);
    expect((await call('/api/auth/refresh', { method: 'POST', cookie: user.cookie })).status).toBe(401);
  });

  it('ends a session only for whoever holds its secret: its id alone ends nothing', async () => {
    const user = await newUser();
    const [name, value] = user.cookie!.split('=');
    const forged = `${name}=${value.split('.')[0]}.${'A'.repeat(43)}`;
    expect((await call('/api/auth/refresh', { method: 'POST', cookie: forged })).status).toBe(401);
    expect((await call('/api/auth/sign-out', { method: 'POST', cookie: forged })).status).toBe(204);
    const still = await call<{ accessToken: string }>('/api/auth/refresh', { method: 'POST', cookie: user.cookie });
    expect(still.status).toBe(200);
    expect((await call('/api/files', { token: still.body.accessToken })).status).toBe(200);
  });

  it('refuses a tampered, expired, wrongly signed or unsigned access token', async () => {
    const user = await newUser();
    const [header, payload, signature] = user.accessToken.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const tampered = [header, Buffer.from(JSON.stringify({ ...claims, sub: randomUUID() })).toString('base64url'), signature].join('.');

    const now = Math.floor(Date.now() / 1000);
    const valid = await mintLike(user, now + 60);
    const expired = await mintLike(user, now - 10);
    const wrongKey = await mintLike(user, now + 60, generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey);
    const unsigned = [Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url'), payload, ''].join('.');

    expect((await call('/api/files', { token: valid })).status).toBe(200); // the key really is the gateway's
    for (const token of [tampered, expired, wrongKey, unsigned]) {
      const { status, body } = await call<HttpErrorBody>('/api/files', { token });
      expect(status).toBe(401);
      expect(body.code).toBe('UNAUTHENTICATED');
    }
  });

  it('refuses a token once it expires, though it was accepted before (the gateway remembers checked tokens)', async () => {
    const user = await newUser();
    const exp = Math.floor(Date.now() / 1000) + 2;
    const shortLived = await mintLike(user, exp);

    expect((await call('/api/files', { token: shortLived })).status).toBe(200);
    expect((await call('/api/files', { token: shortLived })).status).toBe(200); // the second time from what the gateway remembers
    const refused = await eventually(async () => {
      const answer = await call<HttpErrorBody>('/api/files', { token: shortLived });
      return answer.status !== 200 && answer;
    }, 10_000);
    expect(Date.now()).toBeGreaterThanOrEqual(exp * 1000);
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe('UNAUTHENTICATED');
  });

  it('publishes its public keys at /.well-known/jwks.json', async () => {
    const { status, body } = await call<{ keys: Array<Record<string, string>> }>('/.well-known/jwks.json');
    expect(status).toBe(200);
    expect(body.keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
    expect(body.keys[0]).not.toHaveProperty('d');
  });
});

describe('two-factor authentication', () => {
  const enable = async (user: TestUser) => {
    const { enrolled, code, verified, ...factor } = await enableTwoFactor(user);
    expect(enrolled.status).toBe(201);
    expect(enrolled.body.qrCode).toMatch(/^data:image\/png;base64,/);
    expect(enrolled.body.uri).toContain('otpauth://totp/Coffer:');
    remember(enrolled.body.secret, code, ...factor.recoveryCodes);
    expect(verified.status).toBe(200);
    return factor;
  };
  /** Waits for a fresh 30-second step: each authenticator code is accepted once. */
  const freshCode = async (secret: string) => {
    await new Promise((r) => setTimeout(r, 30_000 - (Date.now() % 30_000) + 200));
    const code = await generate({ secret });
    remember(code);
    return code;
  };
  const twoFactorOn = async (token: string) => (await call<Profile>('/api/profile', { token })).body.twoFactorEnabled;
  const removeFactor = (factorId: string, token: string, body?: { password?: string; code?: string }) =>
    call<HttpErrorBody>(`/api/auth/factors/${factorId}`, { method: 'DELETE', token, body });
  const useRecoveryCode = (recoveryCode: string, token: string) =>
    call<{ accessToken: string; recoveryCodesLeft: number } & Partial<HttpErrorBody>>('/api/auth/recovery-codes/verify', { body: { recoveryCode }, token });
  /** The aal1 token of a password sign-in of a user with two-factor on. */
  const passwordStep = async (user: TestUser) => {
    const first = await signIn(user.email, user.password);
    expect(first.body.mfaRequired).toBe(true);
    remember(first.body.accessToken);
    return first.body.accessToken;
  };
  /** The user's audit entries of these actions, once there are `count` of them. */
  const audited = (user: TestUser, token: string, actions: AuditEntry['action'][], count: number) =>
    eventually(async () => {
      const items = (await call<ListAuditLogsReply>('/api/audit-logs?limit=1000', { token })).body.items?.filter(
        (e) => actions.includes(e.action) && e.actorId === user.userId,
      );
      return items && items.length >= count && items.reverse();
    });
  const withAuditLog = async () => {
    const user = await newUser();
    expect((await call('/api/subscription/trial', { body: { plan: 'business' }, token: user.accessToken })).status).toBe(201);
    return user;
  };

  it('asks for the code after the password; the first token can do nothing but verify', async () => {
    const user = await newUser();
    const { factorId, secret } = await enable(user);

    const first = await signIn(user.email, user.password);
    expect(first.body).toMatchObject({ mfaRequired: true, factorId });
    expect(first.cookie).toBeUndefined();
    const aal1 = first.body.accessToken;
    remember(aal1);
    const session = await call<SessionInfo>('/api/auth/session', { token: aal1 });
    expect(session.body).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
    const files = await call<HttpErrorBody>('/api/files', { token: aal1 });
    expect(files.status).toBe(403);
    expect(files.body.code).toBe('MFA_REQUIRED');
    expect((await call(`/api/auth/factors/${factorId}`, { method: 'DELETE', token: aal1 })).status).toBe(403);

    const challenge = await call<{ id: string }>(`/api/auth/factors/${factorId}/challenge`, { method: 'POST', token: aal1 });
    const wrong = await call<HttpErrorBody>(`/api/auth/factors/${factorId}/verify`, { body: { challengeId: challenge.body.id, code: '000000' }, token: aal1 });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'INVALID_MFA_CODE', message: 'Invalid verification code' });

    // A challenge is used up by any attempt; a new one with the right code signs in at aal2.
    const retry = await call<{ id: string }>(`/api/auth/factors/${factorId}/challenge`, { method: 'POST', token: aal1 });
    await new Promise((r) => setTimeout(r, 30_000 - (Date.now() % 30_000) + 200)); // a fresh time step: codes are single-use
    const code = await generate({ secret });
    remember(code);
    const ok = await call<{ accessToken: string }>(`/api/auth/factors/${factorId}/verify`, { body: { challengeId: retry.body.id, code }, token: aal1 });
    expect(ok.status).toBe(200);
    expect(ok.cookie).toBeDefined();
    remember(ok.body.accessToken);
    expect((await call('/api/files', { token: ok.body.accessToken })).status).toBe(200);
    expect((await call<SessionInfo>('/api/auth/session', { token: ok.body.accessToken })).body.currentLevel).toBe('aal2');

    // The same code again is refused: codes are single-use.
    const replayChallenge = await call<{ id: string }>(`/api/auth/factors/${factorId}/challenge`, { method: 'POST', token: aal1 });
    const replay = await call(`/api/auth/factors/${factorId}/verify`, { body: { challengeId: replayChallenge.body.id, code }, token: aal1 });
    expect(replay.status).toBe(400);

    expect((await removeFactor(factorId, ok.body.accessToken, { password: user.password })).status).toBe(204);
    expect((await signIn(user.email, user.password)).body).not.toHaveProperty('mfaRequired');
  }, 60_000);

  it('turns two-factor off only for the current password or a current code, refusing a wrong one clearly; the profile says so at once; audited', async () => {
    const user = await withAuditLog();
    const { factorId, secret, recoveryCodes, accessToken } = await enable(user);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    recoveryCodes.forEach((code) => expect(code).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/));
    expect(await twoFactorOn(accessToken)).toBe(true);
    expect((await call<SessionInfo>('/api/auth/session', { token: accessToken })).body.recoveryCodesLeft).toBe(10);

    const bare = await removeFactor(factorId, accessToken);
    expect([bare.status, bare.body.message]).toEqual([400, 'Enter your current password or a code from your authenticator app']);
    const wrongPassword = await removeFactor(factorId, accessToken, { password: 'not-my-password' });
    expect([wrongPassword.status, wrongPassword.body.code, wrongPassword.body.message]).toEqual([400, 'INVALID_CREDENTIALS', 'Current password is incorrect']);
    const wrongCode = await removeFactor(factorId, accessToken, { code: '000000' });
    expect([wrongCode.status, wrongCode.body.code, wrongCode.body.message]).toEqual([400, 'INVALID_MFA_CODE', 'Invalid verification code']);
    expect(await twoFactorOn(accessToken)).toBe(true);

    expect((await removeFactor(factorId, accessToken, { password: user.password })).status).toBe(204);
    expect(await twoFactorOn(accessToken)).toBe(false);
    expect((await call<SessionInfo>('/api/auth/session', { token: accessToken })).body.recoveryCodesLeft).toBe(0);
    expect((await signIn(user.email, user.password)).body).not.toHaveProperty('mfaRequired');

    // On again, then off with a current code from the authenticator.
    const again = await enable({ ...user, accessToken });
    expect(again.recoveryCodes.some((c) => recoveryCodes.includes(c))).toBe(false);
    expect((await removeFactor(again.factorId, again.accessToken, { code: await freshCode(again.secret) })).status).toBe(204);
    expect(await twoFactorOn(again.accessToken)).toBe(false);

    const entries = await audited(user, again.accessToken, ['user.two_factor_enable', 'user.two_factor_disable'], 4);
    expect(entries.map((e) => [e.action, e.details.proof ?? null])).toEqual([
      ['user.two_factor_enable', null],
      ['user.two_factor_disable', 'password'],
      ['user.two_factor_enable', null],
      ['user.two_factor_disable', 'code'],
    ]);
    void secret;
  }, 90_000);

  it('counts wrong passwords and codes given to turn two-factor off like any other guesses', async () => {
    const user = await newUser();
    const { factorId, accessToken } = await enable(user);
    let refused;
    for (let i = 0; i < 8 && !refused; i++) {
      const r = await removeFactor(factorId, accessToken, i % 2 ? { code: '000000' } : { password: `guess-${i}-wrong` });
      if (r.status === 429) refused = r;
      else expect(r.status).toBe(400);
    }
    expect(refused?.body).toMatchObject({
      code: 'TOO_MANY_ATTEMPTS',
      message: expect.stringMatching(/^Too many attempts\. Please try again in \d+ seconds\.$/),
    });
    // Even the right password waits: two-factor stays on.
    expect((await removeFactor(factorId, accessToken, { password: user.password })).status).toBe(429);
    expect(await twoFactorOn(accessToken)).toBe(true);
  }, 60_000);

  it('accepts each recovery code once at the two-factor step and says how many are left; new codes end the old ones; audited', async () => {
    const user = await withAuditLog();
    const { recoveryCodes, accessToken } = await enable(user);

    const first = await useRecoveryCode(recoveryCodes[0].toUpperCase(), await passwordStep(user));
    expect([first.status, first.body.recoveryCodesLeft]).toEqual([200, 9]);
    expect(first.cookie).toBeDefined();
    remember(first.body.accessToken);
    expect((await call('/api/files', { token: first.body.accessToken })).status).toBe(200);
    expect((await call<SessionInfo>('/api/auth/session', { token: first.body.accessToken })).body).toMatchObject({
      currentLevel: 'aal2',
      recoveryCodesLeft: 9,
    });

    const aal1 = await passwordStep(user);
    const reused = await useRecoveryCode(recoveryCodes[0], aal1);
    expect([reused.status, reused.body.code, reused.body.message]).toEqual([
      400,
      'INVALID_MFA_CODE',
      'This recovery code is not valid or has already been used.',
    ]);
    const malformed = await useRecoveryCode('12', aal1);
    expect([malformed.status, malformed.body.message]).toEqual([400, 'Please enter a recovery code']);
    const second = await useRecoveryCode(recoveryCodes[1].replaceAll('-', ' '), aal1);
    expect([second.status, second.body.recoveryCodesLeft]).toEqual([200, 8]);

    // New codes need the password (or a code) too; the old ones stop working.
    const bare = await call<HttpErrorBody>('/api/auth/recovery-codes', { body: {}, token: accessToken });
    expect([bare.status, bare.body.message]).toEqual([400, 'Enter your current password or a code from your authenticator app']);
    const wrong = await call<HttpErrorBody>('/api/auth/recovery-codes', { body: { password: 'not-my-password' }, token: accessToken });
    expect([wrong.status, wrong.body.message]).toEqual([400, 'Current password is incorrect']);
    const renewed = await call<{ recoveryCodes: string[] }>('/api/auth/recovery-codes', { body: { password: user.password }, token: accessToken });
    expect(renewed.status).toBe(201);
    remember(...renewed.body.recoveryCodes);
    expect(renewed.body.recoveryCodes).toHaveLength(10);
    expect((await call<SessionInfo>('/api/auth/session', { token: accessToken })).body.recoveryCodesLeft).toBe(10);
    const aal1Again = await passwordStep(user);
    expect((await useRecoveryCode(recoveryCodes[2], aal1Again)).status).toBe(400);
    const renewedUse = await useRecoveryCode(renewed.body.recoveryCodes[0], aal1Again);
    expect([renewedUse.status, renewedUse.body.recoveryCodesLeft]).toEqual([200, 9]);

    const entries = await audited(user, accessToken, ['user.two_factor_enable', 'user.recovery_code_use', 'user.recovery_codes_regenerate'], 5);
    expect(entries.map((e) => [e.action, e.details.recoveryCodesLeft, e.details.proof ?? null])).toEqual([
      ['user.two_factor_enable', '10', null],
      ['user.recovery_code_use', '9', null],
      ['user.recovery_code_use', '8', null],
      ['user.recovery_codes_regenerate', '10', 'password'],
      ['user.recovery_code_use', '9', null],
    ]);
    const signIns = await audited(user, accessToken, ['user.sign_in'], 3);
    expect(signIns.filter((e) => e.details.method === 'recovery-code')).toHaveLength(3);
  }, 60_000);
});

describe('passwords', () => {
  it('resets a forgotten password from the emailed one-time link and signs every session out', async () => {
    const user = await newUser();
    expect((await call('/api/auth/password/forgot', { body: { email: user.email } })).status).toBe(202);
    expect((await call('/api/auth/password/forgot', { body: { email: uniqueEmail('nobody') } })).status).toBe(202);
    const mail = await mailTo(user.email, 'Reset your Coffer password');
    const token = linkToken(mail, '/reset-password');
    remember(token);

    const newPassword = `new-${randomUUID()}`;
    remember(newPassword);
    expect((await call('/api/auth/password/reset', { body: { token, password: newPassword } })).status).toBe(204);
    expect((await signIn(user.email, user.password)).status).toBe(400);
    expect((await signIn(user.email, newPassword)).status).toBe(200);
    expect((await call('/api/auth/refresh', { method: 'POST', cookie: user.cookie })).status).toBe(401);
    const reused = await call<HttpErrorBody>('/api/auth/password/reset', { body: { token, password: 'another-1' } });
    expect(reused.body).toMatchObject({ code: 'INVALID_TOKEN', message: 'This reset link is invalid or has expired.' });
  });

  it('ends every older reset link once a newer one is asked for or used', async () => {
    const user = await newUser();
    const resetTokens = async () =>
      (await capturedMailTo(user.email)).filter((m) => m.subject === 'Reset your Coffer password').map((m) => linkToken(m, '/reset-password'));
    expect((await call('/api/auth/password/forgot', { body: { email: user.email } })).status).toBe(202);
    const [older] = await eventually(async () => (await resetTokens()).length === 1 && resetTokens());
    expect((await call('/api/auth/password/forgot', { body: { email: user.email } })).status).toBe(202);
    const newer = (await eventually(async () => (await resetTokens()).length === 2 && resetTokens())).find((t) => t !== older)!;
    remember(older, newer);

    const newPassword = `new-${randomUUID()}`;
    remember(newPassword);
    expect((await call('/api/auth/password/reset', { body: { token: newer, password: newPassword } })).status).toBe(204);
    const stale = await call<HttpErrorBody>('/api/auth/password/reset', { body: { token: older, password: 'another-1' } });
    expect(stale.status).toBe(400);
    expect(stale.body).toMatchObject({ code: 'INVALID_TOKEN', message: 'This reset link is invalid or has expired.' });
    expect((await signIn(user.email, newPassword)).status).toBe(200);
  });

  it('changes the password only with the current one, keeping this session', async () => {
    const user = await newUser();
    const wrong = await call<HttpErrorBody>('/api/auth/password/change', {
      body: { currentPassword: 'nope-nope', newPassword: 'another-1' },
      token: user.accessToken,
    });
    expect(wrong.body).toMatchObject({ code: 'INVALID_CREDENTIALS', message: 'Current password is incorrect' });
    const newPassword = `chg-${randomUUID()}`;
    remember(newPassword);
    expect((await call('/api/auth/password/change', { body: { currentPassword: user.password, newPassword }, token: user.accessToken })).status).toBe(204);
    expect((await signIn(user.email, newPassword)).status).toBe(200);
    expect((await call('/api/auth/refresh', { method: 'POST', cookie: user.cookie })).status).toBe(200);
  });
});

describe('abuse protection', () => {
  it('never locks the owner out of an address a stranger guesses from: each further guess costs more work, and the right password signs in', async () => {
    const user = await newUser();
    const ip = { 'x-forwarded-for': `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` };
    const bits: number[] = [];
    /** A sign-in from that address that pays whatever work it is asked (as the browser does, unseen). */
    const attempt = async (password: string) => {
      const asked = await signIn(user.email, password, false, ip);
      if (asked.status !== 428) return asked;
      expect(asked.body.code).toBe('CHALLENGE_REQUIRED');
      bits.push(asked.body.challenge!.bits);
      return signIn(user.email, password, false, ip, await solveSignInChallenge(asked.body.challenge!));
    };
    for (let i = 0; i < 12; i++) {
      const guess = await attempt('wrong-password');
      expect([guess.status, guess.body.code]).toEqual([400, 'INVALID_CREDENTIALS']);
    }
    // After 5 failures every attempt pays a proof of work, harder as the guesses go on.
    expect(bits[0]).toBe(16);
    expect(bits.at(-1)).toBeGreaterThan(bits[0]);
    const owner = await attempt(user.password);
    expect(owner.status).toBe(200);
    expect(bits.at(-1)).toBeGreaterThan(bits[0]);
    // Signed in, the account forgets its failures.
    expect((await signIn(user.email, user.password, false, ip)).status).toBe(200);
  }, 180_000);

  it('locks an IP address that tries many accounts', async () => {
    const ip = { 'x-forwarded-for': `10.8.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` };
    let status = 0;
    for (let i = 0; i < 45 && status !== 429; i++) status = (await signIn(uniqueEmail('spray'), 'whatever-1', false, ip)).status;
    expect(status).toBe(429);
    const other = { 'x-forwarded-for': '10.7.0.1' };
    const user = await newUser();
    expect((await signIn(user.email, user.password, false, other)).status).toBe(200);
  }, 90_000);
});

describe('logs', () => {
  it('never contain a password, token, TOTP secret or code this file used', () => {
    const dir = process.env.COFFER_TEST_LOG_DIR as string;
    const logs = readdirSync(dir)
      .filter((f) => f.endsWith('.log'))
      .map((f) => readFileSync(join(dir, f), 'utf8'))
      .join('\n');
    expect(logs.length).toBeGreaterThan(0);
    // Six-digit codes are matched as whole words, so a digit run inside an id is not mistaken for one.
    const leaked = [...secrets].filter((s) => (/^\d{6}$/.test(s) ? new RegExp(`\\b${s}\\b`).test(logs) : logs.includes(s)));
    expect(leaked).toEqual([]);
  });
});
