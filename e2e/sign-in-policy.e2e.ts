import { expect, test, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { expectNoSeriousA11yViolations } from './support/axe';
import { toastWith } from './support/files';
import { screens } from './support/screens';
import { mailTo } from './support/mail';
import { E2E_PASSWORD, signUp, signUpThroughApi, uniqueEmail } from './support/session';

const appUrl = () => process.env.COFFER_TEST_APP_URL;

const signedInBrowsers = (page: Page) => page.getByRole('list', { name: 'Signed-in browsers' });

test.describe('sessions and devices', () => {
  test('a session ended from another browser signs that browser out at once; this browser stays', async ({ page, browser }) => {
    const { email } = await signUp(page, { fullName: 'Dana Devices' });
    const other = await browser.newContext({ baseURL: appUrl() });
    try {
      const there = await other.newPage();
      /** The other browser's page follows its event stream: the end of its session reaches it through that. */
      const streamOpen = there.waitForResponse((response) => response.url().endsWith('/api/events') && response.status() === 200);
      await there.goto('/login');
      await there.getByLabel('Email').fill(email);
      await there.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
      await there.getByRole('button', { name: 'Sign In', exact: true }).click();
      await expect(there).toHaveURL(/\/dashboard$/);
      await streamOpen;

      await page.goto('/dashboard/settings/security');
      const list = signedInBrowsers(page);
      await expect(list.getByRole('listitem')).toHaveCount(2);
      const thisOne = list.getByRole('listitem').filter({ hasText: 'This browser' });
      await expect(thisOne).toContainText('Active now');
      const theOther = list.getByRole('listitem').filter({ hasNotText: 'This browser' });
      await expect(theOther).toContainText(/Chrome on Linux/);
      await expect(theOther).toContainText(/Last active/);
      await expectNoSeriousA11yViolations(page, 'Settings → Security with two sessions');
      await screens(page, 'settings-security-sessions');

      await theOther.getByRole('button', { name: 'Sign out' }).click();
      await expect(toastWith(page, 'Session signed out')).toBeVisible();
      await expect(list.getByRole('listitem')).toHaveCount(1);
      // The other browser leaves the dashboard by itself, without a click or a reload.
      await expect(there).toHaveURL(/\/login$/);
      await there.goto('/dashboard');
      await expect(there).toHaveURL(/\/login$/);
      // This browser carries on.
      await page.reload();
      await expect(signedInBrowsers(page).getByRole('listitem')).toHaveCount(1);
    } finally {
      await other.close();
    }
  });

  test('a sign-in from a new browser emails a security alert whose link shows that session, to sign it out', async ({ page, browser }) => {
    const { email } = await signUp(page, { fullName: 'Alex Alert' });
    const firefox = await browser.newContext({
      baseURL: appUrl(),
      userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.6; rv:132.0) Gecko/20100101 Firefox/132.0',
    });
    try {
      const there = await firefox.newPage();
      const streamOpen = there.waitForResponse((response) => response.url().endsWith('/api/events') && response.status() === 200);
      await there.goto('/login');
      await there.getByLabel('Email').fill(email);
      await there.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
      await there.getByRole('button', { name: 'Sign In', exact: true }).click();
      await expect(there).toHaveURL(/\/dashboard$/);
      await streamOpen;

      const alert = await mailTo(page.request, email, 'New sign-in to your Coffer account from "Firefox on macOS"');
      const link = new URL(alert.text.match(/https?:\/\/\S+\/dashboard\/settings\/security\?session=\S+/)![0]);
      await page.goto(link.pathname + link.search);
      const pointed = signedInBrowsers(page).getByRole('listitem').filter({ hasText: 'From the security alert' });
      await expect(pointed).toContainText('Firefox on macOS');
      await expectNoSeriousA11yViolations(page, 'Settings → Security from the security alert');
      await screens(page, 'settings-security-from-alert');
      await pointed.getByRole('button', { name: 'Sign out' }).click();
      await expect(toastWith(page, 'Session signed out')).toContainText('Firefox on macOS is signed out.');
      await expect(page.getByText('The session from the security alert has already ended.')).toBeVisible();
      await expect(there).toHaveURL(/\/login$/);
    } finally {
      await firefox.close();
    }
  });

  test('an owner signs a member out of every browser from the Team list', async ({ page, browser }) => {
    await signUp(page, { fullName: 'Olga Owner' });
    const colleague = uniqueEmail();
    await page.goto('/dashboard/account');
    await page.getByRole('button', { name: 'Invite Member' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Email Address').fill(colleague);
    await dialog.getByRole('button', { name: 'Send Invitation' }).click();
    const link = new URL((await mailTo(page.request, colleague, 'invited you to join')).text.match(/https?:\/\/\S+\/login\?invite=\S+/)![0]);
    const inviteToken = link.searchParams.get('invite');

    const memberContext = await browser.newContext({ baseURL: appUrl() });
    try {
      const them = await memberContext.newPage();
      const signedUp = await them.request.post('/api/auth/sign-up', { data: { fullName: 'Mo Member', email: colleague, password: E2E_PASSWORD, inviteToken } });
      expect(signedUp.status()).toBe(201);
      const streamOpen = them.waitForResponse((response) => response.url().endsWith('/api/events') && response.status() === 200);
      await them.goto('/dashboard');
      await streamOpen;

      await page.reload();
      const row = page.getByRole('list', { name: 'Team members' }).getByRole('listitem').filter({ hasText: colleague });
      await expect(row.getByText('Active')).toBeVisible();
      await screens(page, 'account-team-sign-out-everywhere');
      await row.getByRole('button', { name: 'Sign Mo Member out everywhere' }).click();
      await expect(toastWith(page, 'Signed out everywhere')).toContainText('Mo Member is signed out of every browser.');
      await expect(them).toHaveURL(/\/login$/);
    } finally {
      await memberContext.close();
    }
  });
});

test.describe('two-factor required for everyone', () => {
  test('an admin requires it; a member without it is led through setup at sign-in and reaches the dashboard only when done', async ({ page, browser }) => {
    test.setTimeout(120_000);
    // The owner, with two-factor on (through the API, in the page's own browser so the session is theirs).
    const owner = await signUpThroughApi(page, appUrl());
    let headers = { authorization: `Bearer ${owner.accessToken}` };
    const factor = (await (await page.request.post('/api/auth/factors', { headers })).json()) as { id: string; secret: string };
    const challenge = (await (await page.request.post(`/api/auth/factors/${factor.id}/challenge`, { headers })).json()) as { id: string };
    const verified = await page.request.post(`/api/auth/factors/${factor.id}/verify`, {
      headers,
      data: { challengeId: challenge.id, code: await generate({ secret: factor.secret }) },
    });
    expect(verified.status()).toBe(200);
    headers = { authorization: `Bearer ${((await verified.json()) as { accessToken: string }).accessToken}` };
    const colleague = uniqueEmail();
    expect((await page.request.post('/api/team/invitations', { data: { email: colleague }, headers })).status()).toBe(201);
    const invite = new URL((await mailTo(page.request, colleague, 'invited you to join')).text.match(/https?:\/\/\S+\/login\?invite=\S+/)![0]);

    await page.goto('/dashboard/settings/security');
    const requireSwitch = page.getByRole('switch', { name: 'Require two-factor authentication for everyone' });
    await expect(requireSwitch).not.toBeChecked();
    await requireSwitch.click();
    await expect(toastWith(page, 'Two-factor required')).toContainText('Everyone without it sets it up at their next sign-in.');
    await expect(requireSwitch).toBeChecked();
    await expectNoSeriousA11yViolations(page, 'Settings → Security with the sign-in policy');
    await screens(page, 'settings-security-sign-in-policy');

    const memberContext = await browser.newContext({ baseURL: appUrl() });
    try {
      const them = await memberContext.newPage();
      const signedUp = await them.request.post('/api/auth/sign-up', {
        data: { fullName: 'Mo Member', email: colleague, password: E2E_PASSWORD, inviteToken: invite.searchParams.get('invite') },
      });
      expect(signedUp.status()).toBe(201);
      await them.request.post('/api/auth/sign-out');
      await them.goto('/login');
      await them.getByLabel('Email').fill(colleague);
      await them.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
      await them.getByRole('button', { name: 'Sign In', exact: true }).click();
      const setup = them.getByRole('heading', { name: 'Set Up Two-Factor Authentication' });
      await expect(setup).toBeVisible();
      await expect(them.getByText('Your account requires two-factor authentication. Set it up to continue.')).toBeVisible();
      await expect(them).toHaveURL(/\/login$/);
      await expectNoSeriousA11yViolations(them, 'the required two-factor setup');
      await screens(them, 'login-two-factor-setup-required');
      // The dashboard is not reachable until it is done.
      await them.goto('/dashboard/files');
      await expect(them).toHaveURL(/\/login$/);
      await expect(setup).toBeVisible();

      await them.getByRole('button', { name: 'Begin Setup' }).click();
      const secret = await them.getByRole('textbox', { name: 'Secret key' }).inputValue();
      await them.getByLabel('Verification Code').fill(await generate({ secret }));
      await them.getByRole('button', { name: 'Enable 2FA' }).click();
      await expect(them.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
      await them.getByRole('button', { name: 'Done' }).click();
      await expect(them).toHaveURL(/\/dashboard$/);
      await expect(them.getByRole('heading', { name: 'Files' })).toBeVisible();
    } finally {
      await memberContext.close();
    }
  });
});
