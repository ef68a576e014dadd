import { randomUUID } from 'node:crypto';
import {
  PLAN_REFUSALS,
  SSO_DNS_LOOKUP_FAILED,
  SSO_DOMAIN_NOT_VERIFIED,
  SSO_DOMAIN_TAKEN,
  SSO_NOT_AVAILABLE,
  SSO_ONLY_REFUSAL,
  SSO_SIGN_IN_FAILED,
  type HttpErrorBody,
  type ListAuditLogsReply,
  type ListSessionsReply,
  type SingleSignOnReply,
} from '@coffer/contracts';
import { startOpenIdProvider, type OpenIdTestProvider } from '../../deploy/local/openid-test-provider.mjs';
import {
  appUrl,
  call,
  failDns,
  capturedMailTo,
  enableTwoFactor,
  eventually,
  gatewayUrl,
  linkToken,
  mailTo,
  publishTxt,
  signUp,
  type TestUser,
} from './support.js';

// Issue 33: single sign-on with OpenID Connect through the gateway, against a real OpenID provider (oidc-provider)
// started here: the settings, the login page's question, the flow, each refusal, and what a sign-in leaves.

const FIREFOX_ON_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.6; rv:132.0) Gecko/20100101 Firefox/132.0';
const CHROME_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

let idp: OpenIdTestProvider;
beforeAll(async () => {
  idp = await startOpenIdProvider({ redirectUris: [`${appUrl()}/login`] });
});
afterAll(() => idp?.close());

/** An owner (email confirmed) at a company domain of their own, on the Pro trial unless said otherwise. */
async function companyOwner(plan: 'pro' | 'business' = 'pro') {
  const domain = `acme-${randomUUID().slice(0, 8)}.test`;
  const owner = await signUp({ email: `olive@${domain}`, fullName: 'Olive Owner' });
  const token = linkToken(await mailTo(owner.email, 'Confirm your email address'), '/verify-email');
  expect((await call('/api/auth/email/verify', { body: { token } })).status).toBe(204);
  expect((await call('/api/subscription/trial', { body: { plan }, token: owner.accessToken })).status).toBe(201);
  return { owner, domain };
}
const settings = (domain: string, change: Record<string, unknown> = {}) => ({
  issuer: idp.issuer,
  clientId: idp.clientId,
  clientSecret: idp.clientSecret,
  domains: [domain],
  createUsers: true,
  ssoOnly: false,
  ...change,
});
const saveSso = (owner: TestUser, body: Record<string, unknown>) =>
  call<SingleSignOnReply & HttpErrorBody>('/api/sign-in-policy/sso', { method: 'PUT', body, token: owner.accessToken });
const verifyDomain = (owner: TestUser, domain: string) =>
  call<SingleSignOnReply & HttpErrorBody>('/api/sign-in-policy/sso/verify', { body: { domain }, token: owner.accessToken });
/** Saves the settings, publishes each domain's TXT record in the stack's DNS server and verifies it (200 each). */
async function saveVerified(owner: TestUser, body: Record<string, unknown>) {
  const saved = await saveSso(owner, body);
  expect(saved.status).toBe(200);
  for (const record of saved.body.sso!.verifications) {
    await publishTxt(record.txtName, [record.txtValue]);
    expect((await verifyDomain(owner, record.domain)).status).toBe(200);
  }
  return saved;
}

/** What a browser does: asks, starts (keeping the cookie), passes the provider's pages, and hands the answer back. */
async function ssoSignIn(
  email: string,
  options: { userAgent?: string; login?: string; tamper?: (c: Record<string, unknown>) => Record<string, unknown> } = {},
) {
  const headers = options.userAgent ? { 'user-agent': options.userAgent } : undefined;
  const started = await call<{ authorizationUrl: string }>('/api/auth/sso/start', { body: { email, rememberMe: true }, headers });
  expect(started.status).toBe(200);
  const binding = started.res.headers
    .getSetCookie()
    .find((c) => c.startsWith('coffer_sso='))!
    .split(';')[0];
  const back = await idp.signIn(started.body.authorizationUrl, options.login ?? email);
  const answer = Object.fromEntries(back.searchParams);
  if (options.tamper) idp.tamperNextIdToken(options.tamper);
  const finish = (body = answer, cookie = binding) =>
    call<{ accessToken: string; user: { email: string } } & HttpErrorBody>('/api/auth/sso/callback', { body, cookie, headers });
  return { answer, binding, finish };
}

describe('single sign-on', () => {
  it('is set up by the owner on Pro, refused on Business, and the login page learns only of covered domains', async () => {
    const business = await companyOwner('business');
    const refused = await saveSso(business.owner, settings(business.domain));
    expect([refused.status, refused.body.message]).toEqual([403, PLAN_REFUSALS.hasAdvancedSecurity]);

    const { owner, domain } = await companyOwner();
    const saved = await saveVerified(owner, settings(domain));
    expect(saved.body).toEqual({
      sso: {
        issuer: idp.issuer,
        clientId: idp.clientId,
        domains: [domain],
        createUsers: true,
        ssoOnly: false,
        verifications: [{ domain, verified: false, txtName: `_coffer-verification.${domain}`, txtValue: expect.stringMatching(/^coffer-verification=/) }],
      },
      redirectUri: `${appUrl()}/login`,
    });
    const read = await call('/api/sign-in-policy/sso', { token: owner.accessToken });
    expect(JSON.stringify(read.body)).not.toContain(idp.clientSecret);

    const wrongIssuer = await saveSso(owner, settings(domain, { issuer: idp.issuer.replace('127.0.0.1', 'localhost') }));
    expect([wrongIssuer.status, wrongIssuer.body.code]).toEqual([400, 'VALIDATION_FAILED']);

    expect((await call('/api/auth/sso/lookup', { body: { email: `mia@${domain.toUpperCase()}` } })).body).toEqual({ sso: { companyName: 'Olive Owner' } });
    expect((await call('/api/auth/sso/lookup', { body: { email: 'mia@example.com' } })).body).toEqual({ sso: null });
    expect((await call('/api/auth/sso/start', { body: { email: 'mia@example.com' } })).status).toBe(400);

    // The audit log keeps the change, never the secret.
    const entries = await eventually(async () => {
      const items = (await call<ListAuditLogsReply>('/api/audit-logs?limit=100', { token: owner.accessToken })).body.items;
      return items?.some((e) => e.action === 'policy.sign_in_update' && e.details.sso === 'saved') && items;
    });
    const change = entries.find((e) => e.action === 'policy.sign_in_update' && e.details.sso === 'saved')!;
    expect(change.details).toMatchObject({ sso: 'saved', issuer: idp.issuer, domains: domain, createUsers: 'on', ssoOnly: 'off', clientSecret: 'changed' });
    expect(JSON.stringify(entries)).not.toContain(idp.clientSecret);
  });

  it('signs a new member in as a password sign-in does: refresh cookie, the session listed, the new-browser email, the audit entry', async () => {
    const { owner, domain } = await companyOwner();
    await saveVerified(owner, settings(domain));
    const email = `mia@${domain}`;
    idp.setName(email, 'Mia Member');

    const first = await (await ssoSignIn(email, { userAgent: FIREFOX_ON_MAC })).finish();
    expect(first.status).toBe(200);
    expect(first.body.user.email).toBe(email);
    expect(first.cookie).toBeDefined();
    expect((await call('/api/auth/refresh', { method: 'POST', cookie: first.cookie, headers: { 'user-agent': FIREFOX_ON_MAC } })).status).toBe(200);
    const sessions = (await call<ListSessionsReply>('/api/auth/sessions', { token: first.body.accessToken })).body.items;
    expect(sessions).toEqual([expect.objectContaining({ browser: 'Firefox on macOS', current: true })]);
    const team = (await call<{ items: { email: string; role: string }[] }>('/api/team', { token: owner.accessToken })).body.items;
    expect(team.find((m) => m.email === email)).toMatchObject({ role: 'member' });

    // From another browser: the security alert, as after a password sign-in.
    expect((await (await ssoSignIn(email, { userAgent: CHROME_ON_WINDOWS })).finish()).status).toBe(200);
    await eventually(async () => (await capturedMailTo(email)).find((m) => m.subject === 'New sign-in to your Coffer account from "Chrome on Windows"'));

    const signIns = await eventually(async () => {
      const items = (await call<ListAuditLogsReply>('/api/audit-logs?limit=100', { token: owner.accessToken })).body.items;
      const ofMia = items?.filter((e) => e.action === 'user.sign_in' && e.details.email === email);
      return ofMia?.length === 2 && ofMia;
    });
    expect(signIns.map((e) => e.details.method)).toEqual(['sso', 'sso']);
  });

  it.each([
    ['a replayed state', 'replay'],
    ['another browser (no cookie)', 'no-cookie'],
    ['a wrong issuer', (c: Record<string, unknown>) => ({ ...c, iss: 'https://evil.example' })],
    ['an expired ID token', (c: Record<string, unknown>) => ({ ...c, iat: Math.floor(Date.now() / 1000) - 1200, exp: Math.floor(Date.now() / 1000) - 600 })],
    ['a token for another client', (c: Record<string, unknown>) => ({ ...c, aud: idp.otherClientId })],
    ['a bad nonce', (c: Record<string, unknown>) => ({ ...c, nonce: 'not-the-nonce' })],
  ] as const)('refuses %s (401) and signs nobody in', async (_what, how) => {
    const { owner, domain } = await companyOwner();
    await saveVerified(owner, settings(domain));
    const email = `tom@${domain}`;
    const flow = await ssoSignIn(email, typeof how === 'function' ? { tamper: how } : {});
    let refused;
    if (how === 'replay') {
      expect((await flow.finish()).status).toBe(200);
      refused = await flow.finish();
    } else refused = how === 'no-cookie' ? await flow.finish(flow.answer, '') : await flow.finish();
    expect([refused.status, refused.body.message]).toEqual([401, SSO_SIGN_IN_FAILED]);
    expect(refused.cookie).toBeUndefined();
    if (how !== 'replay') {
      const team = (await call<{ items: { email: string }[] }>('/api/team', { token: owner.accessToken })).body.items;
      expect(team.map((m) => m.email)).not.toContain(email);
    }
  });

  it('creates no one when turned off; with "SSO only" refuses the password of covered people; counts as two-factor when it is required', async () => {
    const { owner, domain } = await companyOwner();
    await saveVerified(owner, settings(domain, { createUsers: false }));
    const nobody = await (await ssoSignIn(`newcomer@${domain}`)).finish();
    expect(nobody.status).toBe(401);

    expect((await saveSso(owner, settings(domain, { createUsers: true, ssoOnly: true }))).status).toBe(200);
    const member = await (await ssoSignIn(`mo@${domain}`)).finish();
    expect(member.status).toBe(200);
    const password = await call<HttpErrorBody>('/api/auth/sign-in', { body: { email: `mo@${domain}`, password: 'any-password-1' } });
    expect([password.status, password.body.message]).toEqual([403, SSO_ONLY_REFUSAL]);
    // The owner keeps their password (a broken provider never locks the account out).
    expect((await call('/api/auth/sign-in', { body: { email: owner.email, password: owner.password } })).status).toBe(200);

    // Two-factor required: the owner has it; an SSO member is not sent to set it up, now or after a renewal.
    const withFactor = await enableTwoFactor(owner);
    expect((await call('/api/sign-in-policy', { method: 'PUT', body: { requireTwoFactor: true }, token: withFactor.accessToken })).status).toBe(200);
    const again = await (await ssoSignIn(`mo@${domain}`)).finish();
    expect(again.status).toBe(200);
    expect((await call('/api/profile', { token: again.body.accessToken })).status).toBe(200);
    const renewed = await call<{ accessToken: string }>('/api/auth/refresh', { method: 'POST', cookie: again.cookie });
    expect((await call('/api/profile', { token: renewed.body.accessToken })).status).toBe(200);
    expect((await call<{ twoFactorSetupRequired: boolean }>('/api/auth/session', { token: renewed.body.accessToken })).body.twoFactorSetupRequired).toBe(false);
  });
  it('counts a domain only once its DNS TXT record proves it: no button, no provisioning before; verify fails without the record, succeeds with it', async () => {
    const { owner, domain } = await companyOwner();
    const saved = await saveSso(owner, settings(domain, { createUsers: true }));
    expect(saved.status).toBe(200);
    const [record] = saved.body.sso!.verifications;
    expect(record).toMatchObject({ domain, verified: false, txtName: `_coffer-verification.${domain}` });

    // Unverified: the login page offers no button, and nobody can be signed in or created through it.
    expect((await call('/api/auth/sso/lookup', { body: { email: `mia@${domain}` } })).body).toEqual({ sso: null });
    const start = await call<HttpErrorBody>('/api/auth/sso/start', { body: { email: `mia@${domain}` } });
    expect([start.status, start.body.message]).toEqual([400, SSO_NOT_AVAILABLE]);

    // No TXT record yet: refused in the one error shape; the record published: verified.
    const missing = await verifyDomain(owner, domain);
    expect(missing.body).toMatchObject({ code: 'VALIDATION_FAILED', statusCode: 400, message: SSO_DOMAIN_NOT_VERIFIED(domain) });
    await publishTxt(record.txtName, ['coffer-verification=not-this-account']);
    expect((await verifyDomain(owner, domain)).status).toBe(400);
    // DNS failing is said apart from a missing record: 503, try again (the record is there, but nothing could be read).
    await publishTxt(record.txtName, [record.txtValue]);
    await failDns(record.txtName, 'servfail');
    expect((await verifyDomain(owner, domain)).body).toMatchObject({ code: 'SERVICE_UNAVAILABLE', statusCode: 503, message: SSO_DNS_LOOKUP_FAILED(domain) });
    await failDns(record.txtName, null);
    await publishTxt(record.txtName, [record.txtValue]);
    const verified = await verifyDomain(owner, domain);
    expect(verified.status).toBe(200);
    expect(verified.body.sso!.verifications).toEqual([{ ...record, verified: true }]);
    // The audit log keeps who verified which domain.
    await eventually(async () => {
      const items = (await call<ListAuditLogsReply>('/api/audit-logs?limit=100', { token: owner.accessToken })).body.items;
      return items?.some((e) => e.action === 'policy.sign_in_update' && e.details.ssoDomainVerified === domain);
    });

    expect((await call('/api/auth/sso/lookup', { body: { email: `mia@${domain}` } })).body).toEqual({ sso: { companyName: 'Olive Owner' } });
    const created = await (await ssoSignIn(`mia@${domain}`)).finish();
    expect(created.status).toBe(200);
  });

  it("lets two accounts list a domain unverified; once A verifies it, B's claim is dropped and B cannot claim it", async () => {
    const a = await companyOwner();
    const b = await companyOwner();
    const contested = `contested-${randomUUID().slice(0, 8)}.test`;
    expect((await saveSso(b.owner, settings(b.domain, { domains: [b.domain, contested] }))).status).toBe(200);
    const saved = await saveVerified(a.owner, settings(a.domain, { domains: [a.domain, contested] }));
    expect(saved.status).toBe(200);

    const bNow = await call<SingleSignOnReply>('/api/sign-in-policy/sso', { token: b.owner.accessToken });
    expect(bNow.body.sso!.domains).toEqual([b.domain]);
    const taken = await saveSso(b.owner, settings(b.domain, { domains: [b.domain, contested] }));
    expect(taken.body).toMatchObject({ code: 'CONFLICT', statusCode: 409, message: SSO_DOMAIN_TAKEN(contested) });
    expect((await call('/api/auth/sso/lookup', { body: { email: `x@${contested}` } })).body).toEqual({ sso: { companyName: 'Olive Owner' } });
  });

  it('throttles the lookup per address: 429 after so many in a window, other addresses unaffected', async () => {
    const ip = { 'x-forwarded-for': `10.6.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` };
    // Straight to the gateway (the front end's proxy would say every caller is itself).
    const lookup = (headers: Record<string, string>) =>
      call<HttpErrorBody>('/api/auth/sso/lookup', { body: { email: 'mia@example.com' }, headers, base: gatewayUrl() });
    // The test stack lets an address make 200 (deploy/local/stack.mjs TEST_STACK_ENV).
    const statuses = [];
    for (let i = 0; i < 200; i++) statuses.push((await lookup(ip)).status);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    const refused = await lookup(ip);
    expect([refused.status, refused.body.code]).toEqual([429, 'TOO_MANY_ATTEMPTS']);
    expect(refused.body.message).toMatch(/^Too many attempts\. Please try again in /);
    expect((await lookup({ 'x-forwarded-for': '10.5.0.1' })).status).toBe(200);
  });
});
