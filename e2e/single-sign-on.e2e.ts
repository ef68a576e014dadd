import { expect, test, type Page } from '@playwright/test';
import { setTxtRecords } from '../deploy/local/dns-test-server.mjs';
import { startOpenIdProvider, type OpenIdTestProvider } from '../deploy/local/openid-test-provider.mjs';
import { expectNoSeriousA11yViolations } from './support/axe';
import { toastWith } from './support/files';
import { screens } from './support/screens';
import { signUp } from './support/session';

// Issue 33: single sign-on with OpenID Connect, in Chromium, through a real OpenID provider's own login and
// consent pages (oidc-provider, started here). Two-factor required and a session ended from another browser are
// e2e/sign-in-policy.e2e.ts.

const appUrl = () => process.env.COFFER_TEST_APP_URL!;

let idp: OpenIdTestProvider;
test.beforeAll(async () => {
  idp = await startOpenIdProvider({ redirectUris: [`${appUrl()}/login`] });
});
test.afterAll(() => idp?.close());

test('the owner sets single sign-on up; a new person of the domain signs in through the provider and lands in the team', async ({ page, browser }) => {
  const domain = `acme-${Date.now().toString(36)}.test`;
  await signUp(page, { fullName: 'Olive Owner', email: `olive@${domain}` });
  const { accessToken } = (await (await page.request.post('/api/auth/refresh')).json()) as { accessToken: string };
  expect((await page.request.post('/api/subscription/trial', { data: { plan: 'pro' }, headers: { authorization: `Bearer ${accessToken}` } })).status()).toBe(
    201,
  );

  await page.goto('/dashboard/settings/security');
  const form = page.getByRole('form', { name: 'Single sign-on' });
  await expect(form.getByText(`${appUrl()}/login`)).toBeVisible();
  await form.getByLabel('Issuer URL').fill(idp.issuer);
  await form.getByLabel('Client ID').fill(idp.clientId);
  await form.getByLabel('Client secret').fill(idp.clientSecret);
  await form.getByLabel('Email domains').fill(domain);
  await form.getByRole('switch', { name: 'Create users for these domains on first sign-in' }).click();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(toastWith(page, 'Single sign-on saved')).toBeVisible();
  await expect(form.getByLabel('Client secret')).toHaveAttribute('placeholder', 'Saved: leave empty to keep it');
  await expect(form.getByLabel('Client secret')).toHaveValue('');

  // The domain counts once its TXT record proves it is the account's: published in the test stack's DNS server, then verified.
  const verification = form.getByRole('region', { name: 'Domain verification' });
  await expect(verification.getByText('Not verified')).toBeVisible();
  await verification.scrollIntoViewIfNeeded();
  await screens(page, 'settings-security-sso-unverified');
  await verification.getByRole('button', { name: `Verify ${domain}` }).click();
  await expect(toastWith(page, `${domain} is not verified yet`)).toBeVisible();
  const txtName = `_coffer-verification.${domain}`;
  await expect(verification.getByText(txtName)).toBeVisible();
  const txtValue = (await verification.getByText(/^coffer-verification=/).textContent())!;
  await setTxtRecords(process.env.COFFER_TEST_DNS_URL!, txtName, [txtValue]);
  await verification.getByRole('button', { name: `Verify ${domain}` }).click();
  await expect(toastWith(page, `${domain} verified`)).toBeVisible();
  await expect(verification.getByText('Verified', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'Settings → Security with single sign-on');
  await form.scrollIntoViewIfNeeded();
  await screens(page, 'settings-security-sso');

  const other = await browser.newContext({ baseURL: appUrl() });
  try {
    const there = await other.newPage();
    await there.goto('/login');
    await there.getByLabel('Email').fill(`someone@elsewhere-${Date.now().toString(36)}.test`);
    await expect(there.getByRole('button', { name: /SSO$/ })).toHaveCount(0);
    await there.getByLabel('Email').fill(`mia@${domain}`);
    const button = there.getByRole('button', { name: 'Sign in with Olive Owner SSO' });
    await expect(button).toBeVisible();
    await expectNoSeriousA11yViolations(there, '/login with the SSO button');
    await screens(there, 'login-sso-button');

    await button.click();
    // The provider's own pages: its login, then its consent.
    await there.waitForURL(`${idp.issuer}/**`);
    await there.getByPlaceholder('Enter any login').fill(`mia@${domain}`);
    await there.getByPlaceholder('and password').fill('any password');
    await there.getByRole('button', { name: 'Sign-in' }).click();
    await there.getByRole('button', { name: 'Continue' }).click();
    await expect(there).toHaveURL(/\/dashboard$/);

    await page.goto('/dashboard/account');
    await expect(page.getByText(`mia@${domain}`)).toBeVisible();
  } finally {
    await other.close();
  }
});
