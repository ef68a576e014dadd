import type {
  AuditEntry,
  EndedSessionsReply,
  HttpErrorBody,
  ListAuditLogsReply,
  ListSessionsReply,
  ListTeamReply,
  SessionInfo,
  SignInPolicy,
} from '@coffer/contracts';
import {
  call,
  capturedMailTo,
  confirmedUser,
  enableTwoFactor,
  eventStream,
  eventually,
  gatewayUrl,
  joinedMember,
  mailMatching,
  refreshCookie,
  refreshed,
  type TestUser,
} from './support.js';

// Issue 33: the browsers a person is signed in on (Settings → Security) and ending them; owners and admins
// signing a member out everywhere (Team).

const FIREFOX_ON_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.6; rv:132.0) Gecko/20100101 Firefox/132.0';
const CHROME_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

interface Browser {
  accessToken: string;
  cookie: string;
}

/** A sign-in of `user` from a browser of its own (user agent) and address, straight to the gateway (which trusts loopback's X-Forwarded-For). */
async function signInFrom(user: TestUser, userAgent: string, ip: string): Promise<Browser> {
  const res = await call<{ accessToken: string }>('/api/auth/sign-in', {
    base: gatewayUrl(),
    body: { email: user.email, password: user.password, rememberMe: true },
    headers: { 'user-agent': userAgent, 'x-forwarded-for': ip },
  });
  expect(res.status).toBe(200);
  return { accessToken: res.body.accessToken, cookie: res.cookie! };
}

const sessionsOf = async (browser: Browser) => {
  const res = await call<ListSessionsReply>('/api/auth/sessions', { token: browser.accessToken });
  expect(res.status).toBe(200);
  return res.body.items;
};
const refreshStatus = async (browser: Browser) => (await call('/api/auth/refresh', { method: 'POST', cookie: browser.cookie })).status;
const profileStatus = async (browser: Browser) => (await call('/api/profile', { token: browser.accessToken })).status;

/** An account owner on the Business trial (its audit log is on). */
async function ownerWithAuditLog(): Promise<TestUser> {
  const owner = await confirmedUser('Sam Sessions');
  expect((await call('/api/subscription/trial', { body: { plan: 'business' }, token: owner.accessToken })).status).toBe(201);
  return owner;
}

const sessionEnds = (token: string, count: number) =>
  eventually(async () => {
    const items = (await call<ListAuditLogsReply>('/api/audit-logs?limit=1000', { token })).body.items?.filter((e) => e.action === 'session.end');
    return items && items.length >= count && items.reverse();
  });

describe('sessions and devices', () => {
  it("lists each browser with its name, address and last use, marks the one asking, and follows a browser's renewals", async () => {
    const user = await confirmedUser();
    const mac = await signInFrom(user, FIREFOX_ON_MAC, '198.51.100.7');
    const windows = await signInFrom(user, CHROME_ON_WINDOWS, '203.0.113.20');

    const seenFromMac = await sessionsOf(mac);
    const firefox = seenFromMac.find((s) => s.browser === 'Firefox on macOS')!;
    const chrome = seenFromMac.find((s) => s.browser === 'Chrome on Windows')!;
    expect(firefox).toMatchObject({ ipAddress: '198.51.100.7', current: true });
    expect(chrome).toMatchObject({ ipAddress: '203.0.113.20', current: false });
    // The sign-up's own browser is listed too, newest use first.
    expect(seenFromMac.map((s) => s.id)).toHaveLength(3);
    expect(seenFromMac[0].id).toBe(chrome.id);
    expect((await sessionsOf(windows)).find((s) => s.current)?.id).toBe(chrome.id);
    expect(new Date(chrome.lastUsedAt).getTime()).toBeGreaterThanOrEqual(new Date(firefox.lastUsedAt).getTime());

    // A renewal from another address keeps the session (same id) with its newer address and use.
    const renewed = await call<{ accessToken: string }>('/api/auth/refresh', {
      method: 'POST',
      base: gatewayUrl(),
      cookie: mac.cookie,
      headers: { 'user-agent': FIREFOX_ON_MAC, 'x-forwarded-for': '198.51.100.99' },
    });
    expect(renewed.status).toBe(200);
    const afterRenewal = await sessionsOf({ accessToken: renewed.body.accessToken, cookie: refreshCookie(renewed.res)! });
    expect(afterRenewal.find((s) => s.id === firefox.id)).toMatchObject({ ipAddress: '198.51.100.99', current: true, signedInAt: firefox.signedInAt });
    expect(afterRenewal[0].id).toBe(firefox.id);
    expect(afterRenewal.find((s) => s.id === chrome.id)).toMatchObject({ current: false });
  });

  it('signs one browser out from another at once: its access token and its refresh cookie are refused; audited', async () => {
    const owner = await ownerWithAuditLog();
    const mac = await signInFrom(owner, FIREFOX_ON_MAC, '198.51.100.8');
    const windows = await signInFrom(owner, CHROME_ON_WINDOWS, '203.0.113.21');
    const target = (await sessionsOf(mac)).find((s) => s.browser === 'Chrome on Windows')!;
    expect(await profileStatus(windows)).toBe(200);
    // The ended browser's live stream ends with it: the page signs out then, not at its next call.
    const windowsStream = await eventStream({ ...owner, ...windows });
    const macStream = await eventStream({ ...owner, ...mac });

    const ended = await call(`/api/auth/sessions/${target.id}`, { method: 'DELETE', token: mac.accessToken });
    expect([ended.status, ended.body]).toEqual([200, { ok: true }]);
    // At once: the gateway refuses the ended session's unexpired access token, and it cannot be renewed.
    const refused = await call<HttpErrorBody>('/api/profile', { token: windows.accessToken });
    expect([refused.status, refused.body.message]).toEqual([401, 'Your session has ended. Please sign in again.']);
    expect(await refreshStatus(windows)).toBe(401);
    expect(await profileStatus(mac)).toBe(200);
    expect((await sessionsOf(mac)).map((s) => s.id)).not.toContain(target.id);
    await eventually(async () => windowsStream.ended);
    expect(macStream.ended).toBe(false);
    await Promise.all([windowsStream.stop(), macStream.stop()]);

    // Ending it again, or a session that is not yours, finds nothing.
    const again = await call<HttpErrorBody>(`/api/auth/sessions/${target.id}`, { method: 'DELETE', token: mac.accessToken });
    expect([again.status, again.body.message]).toEqual([404, 'Session not found']);

    const [entry] = (await sessionEnds(mac.accessToken, 1)) as AuditEntry[];
    expect(entry).toMatchObject({ actorId: owner.userId, resourceId: owner.userId, details: { scope: 'one', browser: 'Chrome on Windows', sessions: '1' } });
  });

  it("never ends another person's session", async () => {
    const [alice, bob] = [await confirmedUser(), await confirmedUser()];
    const [bobsSession] = await sessionsOf(bob);
    const res = await call<HttpErrorBody>(`/api/auth/sessions/${bobsSession.id}`, { method: 'DELETE', token: alice.accessToken });
    expect([res.status, res.body.message]).toEqual([404, 'Session not found']);
    expect(await profileStatus(bob)).toBe(200);
    expect(await refreshStatus(bob)).toBe(200);
  });

  it('signs out every other browser and keeps this one', async () => {
    const user = await confirmedUser();
    const mac = await signInFrom(user, FIREFOX_ON_MAC, '198.51.100.9');
    const windows = await signInFrom(user, CHROME_ON_WINDOWS, '203.0.113.22');

    const res = await call<EndedSessionsReply>('/api/auth/sessions/sign-out-others', { method: 'POST', token: mac.accessToken });
    expect([res.status, res.body]).toEqual([200, { ended: 2 }]);
    for (const other of [windows, user]) {
      expect(await profileStatus(other)).toBe(401);
      expect(await refreshStatus(other)).toBe(401);
    }
    expect((await sessionsOf(mac)).map((s) => [s.browser, s.current])).toEqual([['Firefox on macOS', true]]);
    expect(await refreshStatus(mac)).toBe(200);
  });
});

describe('signing a member out everywhere (Team)', () => {
  it('lets the owner and admins sign a member out of every browser, and no one else; audited in the account', async () => {
    const owner = await ownerWithAuditLog();
    const [admin, member, other] = [await joinedMember(owner, 'admin'), await joinedMember(owner, 'member'), await joinedMember(owner, 'member')];
    const memberOnMac = await signInFrom(member, FIREFOX_ON_MAC, '198.51.100.10');
    const team = (await call<ListTeamReply>('/api/team', { token: owner.accessToken })).body.items;
    const idOf = (user: TestUser) => team.find((m) => m.email === user.email)!.id;
    const signOut = (by: TestUser, id: string) =>
      call<EndedSessionsReply & HttpErrorBody>(`/api/team/members/${id}/sign-out`, { method: 'POST', token: by.accessToken });

    // A member may not; another account's owner finds no such member.
    const byMember = await signOut(other, idOf(member));
    expect([byMember.status, byMember.body.message]).toEqual([403, 'Only the account owner and admins can manage the team.']);
    const stranger = await confirmedUser();
    expect((await signOut(stranger, idOf(member))).status).toBe(404);
    expect(await profileStatus(memberOnMac)).toBe(200);

    const byAdmin = await signOut(admin, idOf(member));
    expect([byAdmin.status, byAdmin.body]).toEqual([200, { ended: 2 }]);
    for (const browser of [member, memberOnMac]) {
      expect(await profileStatus(browser)).toBe(401);
      expect(await refreshStatus(browser)).toBe(401);
    }
    // The others stay signed in; the member can sign in again.
    expect(await profileStatus(other)).toBe(200);
    expect(await profileStatus(admin)).toBe(200);
    await signInFrom(member, CHROME_ON_WINDOWS, '203.0.113.23');

    const [entry] = (await sessionEnds(owner.accessToken, 1)) as AuditEntry[];
    expect(entry).toMatchObject({ actorId: admin.userId, resourceId: member.userId, details: { scope: 'everywhere', email: member.email, sessions: '2' } });
  });
});

describe('a sign-in from a new browser', () => {
  const ALERT = /signed in to from a browser it had not seen before/;
  const alertsTo = async (email: string) => (await capturedMailTo(email)).filter((m) => ALERT.test(m.text));

  it('emails the person, even with security alerts switched off, naming the browser, the address and the time, with a link to end that session', async () => {
    const user = await confirmedUser('Nina New');
    const prefs = await call('/api/preferences', {
      method: 'PATCH',
      body: { email: { marketing: false, productUpdates: false, securityAlerts: false, newsletter: false } },
      token: user.accessToken,
    });
    expect(prefs.status).toBe(200);
    const before = Date.now();
    const firefox = await signInFrom(user, FIREFOX_ON_MAC, '198.51.100.44');

    const mail = await mailMatching(user.email, ALERT);
    expect(mail.subject).toBe('New sign-in to your Coffer account from "Firefox on macOS"');
    expect(mail.text).toContain('Browser: Firefox on macOS');
    expect(mail.text).toContain('Address: 198.51.100.44');
    const time = /Time: (.+)/.exec(mail.text)![1];
    expect(time).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M UTC$/);
    expect(Math.abs(new Date(time.replace(' at ', ' ')).getTime() - before)).toBeLessThan(120_000);
    const session = (await sessionsOf(firefox)).find((s) => s.current)!;
    const link = new URL(/https?:\/\/\S+\/dashboard\/settings\/security\?session=\S+/.exec(mail.text)![0]);
    expect(link.searchParams.get('session')).toBe(session.id);
    expect(mail.html).toContain(`security?session&#x3D;${session.id}`);

    // The link's session is one the person can end from another browser.
    expect((await call(`/api/auth/sessions/${session.id}`, { method: 'DELETE', token: user.accessToken })).status).toBe(200);
    expect(await profileStatus(firefox)).toBe(401);
  });

  it('stays quiet for a browser the account has seen, and for the sign-up itself', async () => {
    const user = await confirmedUser('Quentin Quiet');
    await signInFrom(user, CHROME_ON_WINDOWS, '203.0.113.30');
    await mailMatching(user.email, ALERT);
    // The same browser again, from another address (a newer version too): no alert.
    await signInFrom(user, CHROME_ON_WINDOWS.replace('131.0.0.0', '132.0.0.0'), '203.0.113.31');
    // The welcome and confirmation emails came from the sign-up; a later email proves the mailbox caught up.
    await call('/api/auth/password/forgot', { body: { email: user.email } });
    await mailMatching(user.email, /reset the password/);
    expect(await alertsTo(user.email)).toHaveLength(1);
  });
});

describe('two-factor required for everyone in the account', () => {
  const setPolicy = (by: TestUser, requireTwoFactor: boolean) =>
    call<SignInPolicy & HttpErrorBody>('/api/sign-in-policy', { method: 'PUT', body: { requireTwoFactor }, token: by.accessToken });
  const passwordSignIn = async (user: TestUser) => {
    const res = await call<{ accessToken: string }>('/api/auth/sign-in', { body: { email: user.email, password: user.password, rememberMe: false } });
    expect(res.status).toBe(200);
    return { ...user, accessToken: res.body.accessToken, cookie: res.cookie! };
  };
  const setupRefusal = async (token: string) => {
    const res = await call<HttpErrorBody>('/api/files?folder=root', { token });
    return [res.status, res.body.code, res.body.message];
  };
  const REFUSED = [403, 'TWO_FACTOR_SETUP_REQUIRED', 'Your account requires two-factor authentication. Set it up to continue.'];

  it('leads a member without a factor through setup at their next sign-in, refusing everything else until done; audited', async () => {
    let owner = await ownerWithAuditLog();
    const member = await joinedMember(owner, 'member', 'Mia Member');
    // Whoever requires it has it on first; members may not change the policy.
    const withoutOwn = await setPolicy(owner, true);
    expect([withoutOwn.status, withoutOwn.body.message]).toEqual([409, 'Turn on two-factor authentication for yourself first.']);
    owner = { ...owner, accessToken: (await enableTwoFactor(owner)).accessToken };
    const byMember = await setPolicy(member, true);
    expect([byMember.status, byMember.body.message]).toEqual([403, 'Only the account owner and admins can manage the team.']);
    expect((await call<SignInPolicy>('/api/sign-in-policy', { token: owner.accessToken })).body).toEqual({ requireTwoFactor: false });

    const on = await setPolicy(owner, true);
    expect([on.status, on.body]).toEqual([200, { requireTwoFactor: true }]);
    expect((await call<SignInPolicy>('/api/sign-in-policy', { token: owner.accessToken })).body).toEqual({ requireTwoFactor: true });
    // The owner, who has a factor, carries on.
    expect((await call('/api/files?folder=root', { token: owner.accessToken })).status).toBe(200);

    // The member's next sign-in (or renewal) only sets two-factor up: the server refuses anything else.
    const signedIn = await passwordSignIn(member);
    expect(await setupRefusal(signedIn.accessToken)).toEqual(REFUSED);
    expect(await setupRefusal((await refreshed(member)).accessToken)).toEqual(REFUSED);
    for (const [path, method] of [
      ['/api/profile', 'GET'],
      ['/api/auth/sessions', 'GET'],
      ['/api/team', 'GET'],
    ] as const)
      expect((await call<HttpErrorBody>(path, { method, token: signedIn.accessToken })).body.code).toBe('TWO_FACTOR_SETUP_REQUIRED');
    const session = await call<SessionInfo>('/api/auth/session', { token: signedIn.accessToken });
    expect([session.status, session.body.twoFactorSetupRequired]).toEqual([200, true]);

    const setUp = await enableTwoFactor(signedIn);
    expect(setUp.verified.status).toBe(200);
    expect(setUp.recoveryCodes).toHaveLength(10);
    expect((await call('/api/files?folder=root', { token: setUp.accessToken })).status).toBe(200);
    expect((await call<SessionInfo>('/api/auth/session', { token: setUp.accessToken })).body.twoFactorSetupRequired).toBe(false);
    // While the account requires it, nobody turns theirs off.
    const off = await call<HttpErrorBody>(`/api/auth/factors/${setUp.factorId}`, {
      method: 'DELETE',
      body: { password: member.password },
      token: setUp.accessToken,
    });
    expect([off.status, off.body.message]).toEqual([409, 'Your account requires two-factor authentication: it cannot be turned off.']);

    const entries = await eventually(async () => {
      const items = (await call<ListAuditLogsReply>('/api/audit-logs?limit=1000', { token: owner.accessToken })).body.items?.filter(
        (e) => e.action === 'policy.sign_in_update',
      );
      return items && items.length > 0 && items;
    });
    expect(entries.map((e) => [e.actorId, e.resourceType, e.details.requireTwoFactor])).toEqual([[owner.userId, 'policy', 'on']]);
  });

  it('frees members without a factor again once it is no longer required', async () => {
    let owner = await confirmedUser('Otto Owner');
    owner = { ...owner, accessToken: (await enableTwoFactor(owner)).accessToken };
    const member = await joinedMember(owner, 'member');
    expect((await setPolicy(owner, true)).status).toBe(200);
    expect(await setupRefusal((await passwordSignIn(member)).accessToken)).toEqual(REFUSED);
    expect((await setPolicy(owner, false)).body).toEqual({ requireTwoFactor: false });
    expect((await call('/api/files?folder=root', { token: (await passwordSignIn(member)).accessToken })).status).toBe(200);
  });
});
