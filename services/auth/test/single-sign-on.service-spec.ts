import { Logger, type INestMicroservice } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import {
  AuthSubject,
  BillingSubject,
  PLAN_REFUSALS,
  SingleSignOnSubject,
  SSO_DISCOVERY_FAILED,
  SSO_INTERNAL_ADDRESS,
  SSO_DNS_LOOKUP_FAILED,
  SSO_DOMAIN_NOT_VERIFIED,
  SSO_DOMAIN_TAKEN,
  SSO_NO_USER,
  SSO_ONLY_REFUSAL,
  SSO_OTHER_ACCOUNT,
  SSO_SIGN_IN_FAILED,
  type AccountPlan,
  type CallerIdentity,
  type RequestMeta,
  type SaveSingleSignOnRequest,
  type SessionIssued,
  type SignInReply,
} from '@coffer/contracts';
import { planFeatures } from '@coffer/plans';
import { eq } from 'drizzle-orm';
import { DATABASE, loadConfig, runService, ServiceRequester, type Database } from '@coffer/server-core';
import { DATABASE_KINDS, freshDatabase, TestCaller, testInfra } from '@coffer/server-core/testing';
import { startDnsTestServer, type DnsTestServer } from '../../../deploy/local/dns-test-server.mjs';
import { startOpenIdProvider, type OpenIdTestProvider } from '../../../deploy/local/openid-test-provider.mjs';
import { AppModule } from '../src/app.module.js';
import { authConfigSchema } from '../src/config.js';
import { ssoConnections, users } from '../src/db/schema.js';

Logger.overrideLogger(false);

// Issue 33: single sign-on with OpenID Connect, against a real OpenID provider (oidc-provider) started here.

const APP_URL = 'http://localhost:3999';

/** Billing is another service: it answers Pro for the accounts in `pro`, Starter for the others. */
const pro = new Set<string>();
function answerPlanQuestions(requester: ServiceRequester) {
  const send = requester.request.bind(requester);
  requester.request = ((subject, payload, meta: RequestMeta, timeoutMs) => {
    if (subject !== BillingSubject.GetPlan) return send(subject, payload, meta, timeoutMs);
    const type = pro.has(meta.caller!.accountId) ? 'pro' : 'starter';
    return Promise.resolve({ planType: type, status: 'active', trialEndDate: null, storageLimitBytes: 10 ** 9, features: planFeatures(type) } as AccountPlan);
  }) as ServiceRequester['request'];
}

function issued(reply: SignInReply): SessionIssued {
  if (!('refreshToken' in reply)) throw new Error(`Expected a session, got ${JSON.stringify(reply)}`);
  return reply;
}
const claimsOf = (accessToken: string) => JSON.parse(Buffer.from(accessToken.split('.')[1], 'base64url').toString()) as Record<string, unknown>;
const callerOf = (accessToken: string): CallerIdentity => {
  const c = claimsOf(accessToken);
  return { userId: c.sub as string, accountId: c.acc as string, role: c.role as CallerIdentity['role'], sessionId: c.sid as string, aal: c.aal as 'aal2' };
};
const answerOf = (callback: URL, browserBinding: string) => ({
  code: callback.searchParams.get('code') ?? undefined,
  state: callback.searchParams.get('state')!,
  iss: callback.searchParams.get('iss') ?? undefined,
  browserBinding,
});

describe.each(DATABASE_KINDS)('single sign-on on %s', (kind) => {
  let app: INestMicroservice;
  let rpc: TestCaller;
  let idp: OpenIdTestProvider;
  let dns: DnsTestServer;

  beforeAll(async () => {
    idp = await startOpenIdProvider({ redirectUris: [`${APP_URL}/login`] });
    dns = await startDnsTestServer();
    const config = loadConfig(authConfigSchema, {
      ...(await freshDatabase(kind)),
      NATS_URL: testInfra().natsUrl,
      S3_ENDPOINT: testInfra().s3Endpoint,
      LOG_LEVEL: 'error',
      NODE_ENV: 'test',
      APP_URL,
      AUTH_SSO_START_IP_THRESHOLD: '5',
      AUTH_SSO_LOOKUP_IP_THRESHOLD: '5',
      DNS_SERVERS: dns.server,
    });
    app = await runService('auth', config, AppModule.forConfig(config));
    answerPlanQuestions(app.get(ServiceRequester));
    rpc = new TestCaller();
  });
  afterAll(async () => {
    await app?.close();
    await rpc?.close();
    await idp?.close();
    await dns?.close();
  });

  /** An account owner at a company domain of its own, on Pro unless said otherwise. */
  async function company(plan: 'pro' | 'starter' = 'pro') {
    const domain = `acme-${kind}-${randomUUID().slice(0, 8)}.test`;
    const session = issued(await rpc.request(AuthSubject.SignUp, { fullName: 'Olive Owner', email: `olive@${domain}`, password: 'secret-1' }));
    const owner = callerOf(session.accessToken);
    if (plan === 'pro') pro.add(owner.accountId);
    const settings = (change: Partial<SaveSingleSignOnRequest> = {}): SaveSingleSignOnRequest => ({
      issuer: idp.issuer,
      clientId: idp.clientId,
      clientSecret: idp.clientSecret,
      domains: [domain],
      createUsers: true,
      ssoOnly: false,
      ...change,
    });
    return { domain, owner, ownerEmail: `olive@${domain}`, settings };
  }

  /** Saves the settings, then publishes each domain's TXT record in the test DNS server and verifies it. */
  async function saveVerified(acme: Awaited<ReturnType<typeof company>>, settings = acme.settings()) {
    const saved = await rpc.request(SingleSignOnSubject.Save, settings, acme.owner);
    for (const record of saved.sso!.verifications) {
      dns.setTxt(record.txtName, [record.txtValue]);
      await rpc.request(SingleSignOnSubject.VerifyDomain, { domain: record.domain }, acme.owner);
    }
    return rpc.request(SingleSignOnSubject.Get, {}, acme.owner);
  }

  /** Starts a sign-in for `email`, passes the provider's login and consent pages, and answers what the browser brings back. */
  async function throughProvider(email: string, login = email) {
    const started = await rpc.request(SingleSignOnSubject.Start, { email, rememberMe: true });
    const callback = await idp.signIn(started.authorizationUrl, login);
    return answerOf(callback, started.browserBinding);
  }
  const finish = (answer: ReturnType<typeof answerOf>) => rpc.request(SingleSignOnSubject.Finish, answer);
  const refusedWith = (message: string) => ({ code: 'UNAUTHENTICATED', status: 401, message });

  it('is set up by the owner on a plan with advanced security: discovery is read, the secret kept sealed and never answered', async () => {
    const acme = await company();
    const saved = await saveVerified(acme, acme.settings({ domains: [acme.domain.toUpperCase(), acme.domain] }));
    expect(saved.sso).toEqual({
      issuer: idp.issuer,
      clientId: idp.clientId,
      domains: [acme.domain],
      createUsers: true,
      ssoOnly: false,
      verifications: [
        {
          domain: acme.domain,
          verified: true,
          txtName: `_coffer-verification.${acme.domain}`,
          txtValue: expect.stringMatching(/^coffer-verification=[0-9a-f]{64}$/),
        },
      ],
    });
    expect(saved.redirectUri).toBe(`${APP_URL}/login`);
    expect(JSON.stringify(saved)).not.toContain(idp.clientSecret);
    expect(JSON.stringify(await rpc.request(SingleSignOnSubject.Get, {}, acme.owner))).not.toContain(idp.clientSecret);
    const [stored] = await app.get<Database>(DATABASE).select().from(ssoConnections).where(eq(ssoConnections.accountId, acme.owner.accountId));
    expect(stored.clientSecretSealed).not.toContain(idp.clientSecret);

    // Saved again without the secret: the stored one stays (the same provider and client).
    const { clientSecret: _, ...withoutSecret } = acme.settings({ ssoOnly: true });
    await expect(rpc.request(SingleSignOnSubject.Save, withoutSecret, acme.owner)).resolves.toMatchObject({ sso: { ssoOnly: true } });

    // Its verified domains are its own: another account cannot claim them.
    const other = await company();
    await expect(rpc.request(SingleSignOnSubject.Save, other.settings({ domains: [other.domain, acme.domain] }), other.owner)).rejects.toMatchObject({
      status: 409,
      message: SSO_DOMAIN_TAKEN(acme.domain),
    });
  });

  it('counts a domain only once its TXT record proves it: unverified, no button, no "SSO only", no sign-in; verified, it is the account\'s alone', async () => {
    const acme = await company();
    const saved = await rpc.request(SingleSignOnSubject.Save, acme.settings({ ssoOnly: true }), acme.owner);
    const [record] = saved.sso!.verifications;
    expect(record).toMatchObject({ domain: acme.domain, verified: false });
    await expect(rpc.request(SingleSignOnSubject.Lookup, { email: `mia@${acme.domain}` })).resolves.toEqual({ sso: null });
    await expect(rpc.request(SingleSignOnSubject.Start, { email: `mia@${acme.domain}` })).rejects.toMatchObject({ status: 400 });
    // Another account may list the same unverified domain too (the first to list it blocks nobody).
    const rival = await company();
    await expect(rpc.request(SingleSignOnSubject.Save, rival.settings({ domains: [rival.domain, acme.domain] }), rival.owner)).resolves.toMatchObject({
      sso: { domains: [acme.domain, rival.domain].sort() },
    });

    // No record, or another token: not verified.
    await expect(rpc.request(SingleSignOnSubject.VerifyDomain, { domain: acme.domain }, acme.owner)).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      status: 400,
      message: SSO_DOMAIN_NOT_VERIFIED(acme.domain),
    });
    dns.setTxt(record.txtName, ['coffer-verification=someone-elses-token']);
    await expect(rpc.request(SingleSignOnSubject.VerifyDomain, { domain: acme.domain }, acme.owner)).rejects.toMatchObject({ status: 400 });
    await expect(rpc.request(SingleSignOnSubject.VerifyDomain, { domain: 'not-listed.test' }, acme.owner)).rejects.toMatchObject({ status: 404 });

    dns.setTxt(record.txtName, ['v=spf1 -all', record.txtValue]);
    const verified = await rpc.request(SingleSignOnSubject.VerifyDomain, { domain: acme.domain }, acme.owner);
    expect(verified.sso!.verifications).toEqual([{ ...record, verified: true }]);
    await expect(rpc.request(SingleSignOnSubject.Lookup, { email: `mia@${acme.domain}` })).resolves.toEqual({ sso: { companyName: 'Olive Owner' } });
    // Saved again, the domain keeps its token and stays verified.
    await expect(rpc.request(SingleSignOnSubject.Save, acme.settings({ ssoOnly: true }), acme.owner)).resolves.toMatchObject({
      sso: { verifications: [{ ...record, verified: true }] },
    });
    // The rival's claim of it is gone, and it cannot be claimed again.
    await expect(rpc.request(SingleSignOnSubject.Get, {}, rival.owner)).resolves.toMatchObject({ sso: { domains: [rival.domain] } });
    await expect(rpc.request(SingleSignOnSubject.Save, rival.settings({ domains: [rival.domain, acme.domain] }), rival.owner)).rejects.toMatchObject({
      status: 409,
      message: SSO_DOMAIN_TAKEN(acme.domain),
    });
  });

  it('says when the DNS lookup could not be completed (SERVFAIL, or no answer in time), apart from a record not found, and verifies once DNS answers', async () => {
    const acme = await company();
    const [record] = (await rpc.request(SingleSignOnSubject.Save, acme.settings(), acme.owner)).sso!.verifications;
    dns.setTxt(record.txtName, [record.txtValue]);
    const unavailable = { code: 'SERVICE_UNAVAILABLE', status: 503, message: SSO_DNS_LOOKUP_FAILED(acme.domain) };
    try {
      for (const failure of ['servfail', 'no-answer'] as const) {
        dns.setFailure(record.txtName, failure);
        await expect(rpc.request(SingleSignOnSubject.VerifyDomain, { domain: acme.domain }, acme.owner)).rejects.toEqual(unavailable);
      }
    } finally {
      dns.setFailure(record.txtName, null);
    }
    expect(SSO_DNS_LOOKUP_FAILED(acme.domain)).not.toBe(SSO_DOMAIN_NOT_VERIFIED(acme.domain));
    await expect(rpc.request(SingleSignOnSubject.Get, {}, acme.owner)).resolves.toMatchObject({ sso: { verifications: [{ verified: false }] } });
    await expect(rpc.request(SingleSignOnSubject.VerifyDomain, { domain: acme.domain }, acme.owner)).resolves.toMatchObject({
      sso: { verifications: [{ domain: acme.domain, verified: true }] },
    });
  });

  it('answers two verifications of one domain at once without a server error: one account wins, the other hears 409; the same account twice, verified both times', async () => {
    for (let round = 0; round < 5; round++) {
      const acme = await company();
      const rival = await company();
      const contested = `contested-${kind}-${randomUUID().slice(0, 8)}.test`;
      const [mine, theirs] = await Promise.all(
        [acme, rival].map(async (c) => (await rpc.request(SingleSignOnSubject.Save, c.settings({ domains: [c.domain, contested] }), c.owner)).sso!),
      );
      const recordOf = (sso: typeof mine) => sso.verifications.find((v) => v.domain === contested)!;
      // Both accounts publish their proof (one name, two TXT records): each would verify on its own.
      dns.setTxt(recordOf(mine).txtName, [recordOf(mine).txtValue, recordOf(theirs).txtValue]);

      const outcomes = await Promise.allSettled([acme, rival, acme].map((c) => rpc.request(SingleSignOnSubject.VerifyDomain, { domain: contested }, c.owner)));
      const refusals = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason as { status: number; message: string }] : []));
      for (const refusal of refusals) expect(refusal).toMatchObject({ status: 409, message: SSO_DOMAIN_TAKEN(contested) });
      // Whoever won holds the domain, verified; the loser's claim is gone; acme's two asks answer alike.
      const winner = outcomes[1].status === 'fulfilled' ? rival : acme;
      const loser = winner === acme ? rival : acme;
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(winner === acme ? 2 : 1);
      expect((await rpc.request(SingleSignOnSubject.Get, {}, winner.owner)).sso!.verifications).toContainEqual(
        expect.objectContaining({ domain: contested, verified: true }),
      );
      expect((await rpc.request(SingleSignOnSubject.Get, {}, loser.owner)).sso!.domains).toEqual([loser.domain]);
    }
  });

  it('lets one address look up so many emails in a window, then answers 429', async () => {
    const lookup = (clientIp: string) => rpc.request(SingleSignOnSubject.Lookup, { email: `sam@example-${kind}.test` }, undefined, { clientIp });
    const ip = `203.0.113.${kind === 'pglite' ? 17 : 18}`;
    for (let i = 0; i < 5; i++) await expect(lookup(ip)).resolves.toEqual({ sso: null });
    await expect(lookup(ip)).rejects.toMatchObject({ code: 'TOO_MANY_ATTEMPTS', status: 429 });
    await expect(lookup('198.51.100.31')).resolves.toEqual({ sso: null });
  });

  it('refuses an issuer whose discovery cannot be read or names another issuer, and a plan without it', async () => {
    const acme = await company();
    const unreadable = rpc.request(SingleSignOnSubject.Save, acme.settings({ issuer: `${idp.issuer}/not-a-provider` }), acme.owner);
    await expect(unreadable).rejects.toMatchObject({ status: 400, message: SSO_DISCOVERY_FAILED });
    // The same provider reached under another name: its document says its issuer is another.
    const wrongIssuer = rpc.request(SingleSignOnSubject.Save, acme.settings({ issuer: idp.issuer.replace('127.0.0.1', 'localhost') }), acme.owner);
    await expect(wrongIssuer).rejects.toMatchObject({ status: 400, message: SSO_DISCOVERY_FAILED });

    // An issuer inside Coffer's own network (a cloud's metadata service, a private or loopback address) is never called.
    for (const issuer of ['https://169.254.169.254/latest', 'https://10.1.2.3/realms/acme', 'https://127.0.0.2', 'https://[fd00::1]/idp']) {
      const internal = rpc.request(SingleSignOnSubject.Save, acme.settings({ issuer }), acme.owner);
      await expect(internal).rejects.toMatchObject({ status: 400, message: SSO_INTERNAL_ADDRESS });
    }

    const starter = await company('starter');
    await expect(rpc.request(SingleSignOnSubject.Save, starter.settings(), starter.owner)).rejects.toMatchObject({
      status: 403,
      message: PLAN_REFUSALS.hasAdvancedSecurity,
    });
  });

  it('signs a new person of a covered domain in as a member of the account when turned on, as two-factor, and says nothing of other domains', async () => {
    const acme = await company();
    await saveVerified(acme, acme.settings({ createUsers: true }));
    await expect(rpc.request(SingleSignOnSubject.Lookup, { email: `mia@${acme.domain}` })).resolves.toEqual({ sso: { companyName: 'Olive Owner' } });
    await expect(rpc.request(SingleSignOnSubject.Lookup, { email: `mia@elsewhere-${randomUUID().slice(0, 6)}.test` })).resolves.toEqual({ sso: null });

    const email = `mia@${acme.domain}`;
    idp.setName(email, 'Mia Member');
    const session = await finish(await throughProvider(email));
    expect(session.user).toMatchObject({ email, fullName: 'Mia Member', emailVerified: true });
    expect(session.refreshExpiresAt).not.toBeNull();
    const claims = claimsOf(session.accessToken);
    expect(claims).toMatchObject({ acc: acme.owner.accountId, role: 'member', aal: 'aal2' });
    expect(claims.tfs).toBeUndefined();
    const [row] = await app.get<Database>(DATABASE).select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ accountId: acme.owner.accountId, role: 'member', passwordHash: null });
    // The session is renewed like any other, still at aal2.
    const renewed = await rpc.request(AuthSubject.Refresh, { refreshToken: session.refreshToken });
    expect(claimsOf(renewed.accessToken)).toMatchObject({ aal: 'aal2', sub: row.id });
    // A member sees nothing of the settings.
    await expect(rpc.request(SingleSignOnSubject.Get, {}, callerOf(session.accessToken))).rejects.toMatchObject({ status: 403 });
  });

  it('creates nobody when turned off, signs existing members in, and never takes a user of another account', async () => {
    const acme = await company();
    await saveVerified(acme, acme.settings({ createUsers: false }));
    await expect(finish(await throughProvider(`newcomer@${acme.domain}`))).rejects.toMatchObject(refusedWith(SSO_NO_USER));
    expect(
      await app
        .get<Database>(DATABASE)
        .select()
        .from(users)
        .where(eq(users.email, `newcomer@${acme.domain}`)),
    ).toHaveLength(0);

    // The owner is a user of the account: they sign in through it.
    const owner = await finish(await throughProvider(acme.ownerEmail));
    expect(claimsOf(owner.accessToken)).toMatchObject({ sub: acme.owner.userId, aal: 'aal2' });

    // Someone who signed up on their own with a company address has an account of their own: never moved.
    const loner = `lee@${acme.domain}`;
    const own = callerOf(issued(await rpc.request(AuthSubject.SignUp, { fullName: 'Lee Loner', email: loner, password: 'secret-1' })).accessToken);
    await saveVerified(acme, acme.settings({ createUsers: true }));
    await expect(finish(await throughProvider(loner))).rejects.toMatchObject(refusedWith(SSO_OTHER_ACCOUNT));
    const [row] = await app.get<Database>(DATABASE).select().from(users).where(eq(users.email, loner));
    expect(row.accountId).toBe(own.accountId);
  });

  it('refuses a replayed state, another browser, a tampered issuer, and a person of a domain the account does not cover', async () => {
    const acme = await company();
    await saveVerified(acme);
    const answer = await throughProvider(`rita@${acme.domain}`);
    await expect(finish({ ...answer, browserBinding: 'another-browser' })).rejects.toMatchObject(refusedWith(SSO_SIGN_IN_FAILED));
    // That attempt used the state up: the right browser cannot finish it either, and neither can a replay.
    await expect(finish(answer)).rejects.toMatchObject(refusedWith(SSO_SIGN_IN_FAILED));

    const good = await throughProvider(`rita@${acme.domain}`);
    await expect(finish(good)).resolves.toMatchObject({ user: { email: `rita@${acme.domain}` } });
    await expect(finish(good)).rejects.toMatchObject(refusedWith(SSO_SIGN_IN_FAILED));

    const mixedUp = await throughProvider(`rita@${acme.domain}`);
    await expect(finish({ ...mixedUp, iss: 'https://evil.example' })).rejects.toMatchObject(refusedWith(SSO_SIGN_IN_FAILED));

    // The provider vouches for someone outside the account's domains.
    const outside = await throughProvider(`rita@${acme.domain}`, `rita@outside-${randomUUID().slice(0, 6)}.test`);
    await expect(finish(outside)).rejects.toMatchObject({ status: 401 });
  });

  it('lets one address start so many sign-ins in a window, then answers 429', async () => {
    const acme = await company();
    await saveVerified(acme);
    const start = () =>
      rpc.request(SingleSignOnSubject.Start, { email: `sam@${acme.domain}` }, undefined, { clientIp: `203.0.113.${kind === 'pglite' ? 7 : 8}` });
    for (let i = 0; i < 5; i++) await expect(start()).resolves.toHaveProperty('authorizationUrl');
    await expect(start()).rejects.toMatchObject({ code: 'TOO_MANY_ATTEMPTS', status: 429 });
    // Another address is not held up by it.
    await expect(rpc.request(SingleSignOnSubject.Start, { email: `sam@${acme.domain}` }, undefined, { clientIp: '198.51.100.30' })).resolves.toHaveProperty(
      'authorizationUrl',
    );
  });

  it.each([
    ['a wrong issuer', (c: Record<string, unknown>) => ({ ...c, iss: 'https://evil.example' })],
    ['an expired ID token', (c: Record<string, unknown>) => ({ ...c, iat: Math.floor(Date.now() / 1000) - 1200, exp: Math.floor(Date.now() / 1000) - 600 })],
    ['a token for another client', (c: Record<string, unknown>) => ({ ...c, aud: 'other-app' })],
    ['a bad nonce', (c: Record<string, unknown>) => ({ ...c, nonce: 'not-the-nonce' })],
  ])('refuses an ID token with %s, signed by the provider', async (_what, change) => {
    const acme = await company();
    await saveVerified(acme);
    const answer = await throughProvider(`tom@${acme.domain}`);
    idp.tamperNextIdToken(change);
    await expect(finish(answer)).rejects.toMatchObject(refusedWith(SSO_SIGN_IN_FAILED));
    expect(
      await app
        .get<Database>(DATABASE)
        .select()
        .from(users)
        .where(eq(users.email, `tom@${acme.domain}`)),
    ).toHaveLength(0);
    // Untouched, the same sign-in goes through.
    await expect(finish(await throughProvider(`tom@${acme.domain}`))).resolves.toMatchObject({ user: { email: `tom@${acme.domain}` } });
  });

  it('with "SSO only", refuses password sign-in of the account\'s people of covered domains, not the owner, not other accounts', async () => {
    const acme = await company();
    await saveVerified(acme, acme.settings({ ssoOnly: true }));
    const loner = `lee@${acme.domain}`;
    await rpc.request(AuthSubject.SignUp, { fullName: 'Lee Loner', email: loner, password: 'secret-1' });
    await finish(await throughProvider(`mo@${acme.domain}`));

    await expect(rpc.request(AuthSubject.SignIn, { email: `mo@${acme.domain}`, password: 'whatever-1' })).rejects.toMatchObject({
      status: 403,
      message: SSO_ONLY_REFUSAL,
    });
    await expect(rpc.request(AuthSubject.SignIn, { email: `nobody@${acme.domain}`, password: 'whatever-1' })).rejects.toMatchObject({ status: 403 });
    await expect(rpc.request(AuthSubject.SignIn, { email: acme.ownerEmail, password: 'secret-1' })).resolves.toHaveProperty('refreshToken');
    await expect(rpc.request(AuthSubject.SignIn, { email: loner, password: 'secret-1' })).resolves.toHaveProperty('refreshToken');

    // Turned off, or the plan gone: the password works again (the plan's loss also closes the provider's door).
    pro.delete(acme.owner.accountId);
    await expect(rpc.request(AuthSubject.SignIn, { email: `mo@${acme.domain}`, password: 'whatever-1' })).rejects.toMatchObject({
      code: 'INVALID_CREDENTIALS',
    });
    await expect(rpc.request(SingleSignOnSubject.Lookup, { email: `mo@${acme.domain}` })).resolves.toEqual({ sso: null });
  });
});
