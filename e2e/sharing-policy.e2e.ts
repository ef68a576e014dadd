import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { testDataDir } from '../deploy/local/stack.mjs';
import { expectNoSeriousA11yViolations } from './support/axe';
import { toastWith } from './support/files';
import { signUpThroughApi } from './support/session';

const appUrl = () => process.env.COFFER_TEST_APP_URL;
/** Where the screenshots of the screens this test walks through are kept, to be looked at. */
const shots = path.join(testDataDir(), 'screenshots', 'sharing-policy');

test.describe('the sharing policy (Settings → Permissions)', () => {
  test('a Pro owner requires a password, sets a maximum expiry and the allowed recipient domains; saved, the server holds them and the form shows them again', async ({
    page,
  }) => {
    fs.mkdirSync(shots, { recursive: true });
    const owner = await signUpThroughApi(page, appUrl());
    const auth = { authorization: `Bearer ${owner.accessToken}` };
    expect((await page.request.post('/api/subscription/trial', { data: { plan: 'pro' }, headers: auth })).status()).toBe(201);

    await page.goto('/dashboard/settings/permissions');
    const form = page.getByRole('form', { name: 'Sharing policy' });
    await expect(form.getByLabel('Allow links to files')).toBeChecked();
    await form.getByLabel('Require a password on every link').click();
    await form.getByLabel('Maximum link expiry (days)').fill('30');
    await form.getByLabel('Email shares only to these domains').fill('Northwind.example, @partner.example');
    await form.getByRole('button', { name: 'Save Policy' }).click();
    await expect(toastWith(page, 'Sharing policy saved')).toBeVisible();
    await expect(form.getByLabel('Email shares only to these domains')).toHaveValue('northwind.example, partner.example');

    const policy = await (await page.request.get('/api/sharing-policy', { headers: auth })).json();
    expect(policy).toEqual({ linksAllowed: true, passwordRequired: true, maxExpiryDays: 30, allowedEmailDomains: ['northwind.example', 'partner.example'] });
    await page.reload();
    await expect(form.getByLabel('Require a password on every link')).toBeChecked();
    await expect(form.getByLabel('Maximum link expiry (days)')).toHaveValue('30');
    await expectNoSeriousA11yViolations(page, 'Settings → Permissions with the sharing policy');
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: path.join(shots, `settings-permissions-${width}.png`), fullPage: true });
    }
  });
});
