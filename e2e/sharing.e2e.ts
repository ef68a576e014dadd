import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { confirmEmail, confirmedUserIn, E2E_PASSWORD, signUpThroughApi, uniqueEmail } from './support/session';
import { card, chooseFromMenu, textFile, toastWith, uploadThroughApi, uploadThroughDialog } from './support/files';
import { expectNoSeriousA11yViolations } from './support/axe';
import { testDataDir } from '../deploy/local/stack.mjs';
import { mailTo } from './support/mail';

const appUrl = () => process.env.COFFER_TEST_APP_URL;

const shareDialog = (page: Page) => page.getByRole('dialog', { name: 'Share File' });

test.describe('sharing', () => {
  test('a file shared by email appears live in the recipient’s Shared tab and downloads there; the sharer revokes it', async ({ page, browser }) => {
    const owner = await signUpThroughApi(page, appUrl());
    await confirmEmail(page.request, owner.email);
    const recipientContext = await browser.newContext({ baseURL: appUrl() });
    try {
      const { page: other, user: recipient } = await confirmedUserIn(recipientContext);
      await other.goto('/dashboard/shared');
      await expect(other.getByText('Files shared with you and by you')).toBeVisible();
      await expect(other.getByText('When someone shares a file or folder with your email address, it appears here.')).toBeVisible();

      await page.goto('/dashboard');
      const report = textFile('quarterly.txt', 4096);
      await uploadThroughDialog(page, [report]);
      await expect(toastWith(page, '1 file(s) uploaded successfully')).toBeVisible();

      await chooseFromMenu(page, 'quarterly.txt', 'Share');
      const dialog = shareDialog(page);
      await expect(dialog.getByText('quarterly.txt')).toBeVisible();
      await expect(dialog.getByText('They get an email notification and find the file in the Shared section.')).toBeVisible();
      // A trial has none of the Pro options.
      await expect(dialog.getByText('IP Restrictions (Pro Feature)')).toHaveCount(0);
      await expect(dialog.getByText('Link Expiry (Pro Feature)')).toHaveCount(0);
      await expect(dialog.getByText('Maximum Access Count (Pro Feature)')).toHaveCount(0);
      const shareButton = dialog.getByRole('button', { name: 'Share File' });
      await expect(shareButton).toBeDisabled();
      await dialog.getByPlaceholder('Enter email address').fill('not-an-address');
      await shareButton.click();
      await expect(dialog.getByText('Please enter a valid email address')).toBeVisible();
      await dialog.getByLabel('Share with Email').fill(recipient.email);
      await shareButton.click();
      await expect(toastWith(page, `File shared with ${recipient.email}`)).toBeVisible();
      await expect(dialog).toBeHidden();

      // Pushed to the recipient's open Shared tab.
      const shared = card(other, 'quarterly.txt');
      await expect(shared).toBeVisible({ timeout: 2000 });
      await expect(shared).toContainText(`Shared by ${owner.fullName}`);
      const [download] = await Promise.all([other.waitForEvent('download'), chooseFromMenu(other, 'quarterly.txt', 'Download')]);
      expect(download.suggestedFilename()).toBe('quarterly.txt');
      expect(fs.readFileSync(await download.path()).equals(report.buffer)).toBe(true);
      await expect(toastWith(other, 'File downloaded')).toBeVisible();

      // The sharer sees who has it, in the dialog and in Shared, and takes it back.
      await chooseFromMenu(page, 'quarterly.txt', 'Share');
      await expect(shareDialog(page).getByRole('region', { name: 'Shared with' })).toContainText(recipient.email);
      await shareDialog(page).getByRole('button', { name: 'Cancel' }).click();
      await page.goto('/dashboard/shared');
      await expect(card(page, 'quarterly.txt')).toContainText(`Shared with ${recipient.email}`);
      await expectNoSeriousA11yViolations(page, 'Shared tab');
      await chooseFromMenu(page, 'quarterly.txt', 'Revoke');
      await expect(toastWith(page, 'Access revoked')).toBeVisible();
      await expect(card(other, 'quarterly.txt')).toBeHidden({ timeout: 2000 });
    } finally {
      await recipientContext.close();
    }
  });

  test('a Pro account sets the restrictions, and the recipient is refused from outside the allowed network', async ({ page, browser }) => {
    const owner = await signUpThroughApi(page, appUrl());
    const trial = await page.request.post('/api/subscription/trial', { data: { plan: 'pro' }, headers: { authorization: `Bearer ${owner.accessToken}` } });
    expect(trial.status()).toBe(201);
    const recipientContext = await browser.newContext({ baseURL: appUrl() });
    try {
      const { page: other, user: recipient } = await confirmedUserIn(recipientContext);
      await page.goto('/dashboard');
      await uploadThroughDialog(page, [textFile('restricted.txt', 512)]);
      await expect(toastWith(page, '1 file(s) uploaded successfully')).toBeVisible();
      await chooseFromMenu(page, 'restricted.txt', 'Share');
      const dialog = shareDialog(page);
      await dialog.getByLabel('Share with Email').fill(recipient.email);
      await dialog.getByLabel('IP Restrictions (Pro Feature)').fill('203.0.113.7, 999.1.1.1');
      await expect(dialog.getByLabel('Link Expiry (Pro Feature)')).toHaveAttribute('placeholder', '7');
      await expect(dialog.getByLabel('Maximum Access Count (Pro Feature)')).toHaveAttribute('placeholder', '10');
      await dialog.getByRole('button', { name: 'Share File' }).click();
      await expect(dialog.getByText('Enter IP addresses separated by commas, like 203.0.113.7')).toBeVisible();
      await dialog.getByLabel('IP Restrictions (Pro Feature)').fill('203.0.113.7, 198.51.100.0/24');
      // Not a number of days: said so, never taken as "no expiry".
      await dialog.getByLabel('Link Expiry (Pro Feature)').fill('e');
      await dialog.getByRole('button', { name: 'Share File' }).click();
      await expect(dialog.getByText('Link expiry must be a whole number of days from 1 to 3650')).toBeVisible();
      await dialog.getByLabel('Link Expiry (Pro Feature)').fill('7');
      await dialog.getByLabel('Maximum Access Count (Pro Feature)').fill('2');
      await dialog.getByRole('button', { name: 'Share File' }).click();
      await expect(toastWith(page, `File shared with ${recipient.email}`)).toBeVisible();

      // Sharing again with the same address shows its restrictions, and changes only what is changed on purpose.
      await chooseFromMenu(page, 'restricted.txt', 'Share');
      await dialog.getByLabel('Share with Email').fill(recipient.email.toUpperCase());
      await expect(dialog.getByRole('status')).toContainText(`Already shared with ${recipient.email}`);
      await expect(dialog.getByLabel('IP Restrictions (Pro Feature)')).toHaveValue('203.0.113.7, 198.51.100.0/24');
      await expect(dialog.getByLabel('Link Expiry (Pro Feature)')).toHaveValue('7');
      await expect(dialog.getByLabel('Maximum Access Count (Pro Feature)')).toHaveValue('2');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await chooseFromMenu(page, 'restricted.txt', 'Share');
      await dialog.getByRole('button', { name: `Change the options for ${recipient.email}` }).click();
      await expect(dialog.getByLabel('Share with Email')).toHaveValue(recipient.email);
      await dialog.getByLabel('Maximum Access Count (Pro Feature)').fill('3');
      await dialog.getByRole('button', { name: 'Share File' }).click();
      await expect(dialog).toBeHidden();

      await other.goto('/dashboard/shared');
      const shared = card(other, 'restricted.txt');
      await expect(shared).toContainText('0 of 3 opens');
      await expect(shared).toContainText('IP restricted');
      await expect(shared).toContainText(/Expires /);
      // The browser here is on 127.0.0.1, which the share does not allow.
      await chooseFromMenu(other, 'restricted.txt', 'Download');
      await expect(toastWith(other, 'Failed to download file')).toContainText('Access from your network is not allowed');
    } finally {
      await recipientContext.close();
    }
  });

  test('the share email’s link confirms a new recipient’s address: the sign-in page says who shared what and signs them up with the address filled in; they see the file and its notification at once', async ({
    page,
    browser,
  }) => {
    const owner = await signUpThroughApi(page, appUrl());
    await confirmEmail(page.request, owner.email);
    const fileId = await uploadThroughApi(page.request, owner.accessToken, textFile('welcome-pack.txt', 300));
    const email = uniqueEmail();
    expect((await page.request.post('/api/shares', { data: { fileId, email }, headers: { authorization: `Bearer ${owner.accessToken}` } })).status()).toBe(201);
    const link = (await mailTo(page.request, email, '"Erin Example" shared "welcome-pack.txt" with you on Coffer')).text.match(
      /https?:\/\/\S+\/dashboard\/shared\?confirm=[\w-]+/,
    )![0];

    const recipientContext = await browser.newContext({ baseURL: appUrl() });
    try {
      const other = await recipientContext.newPage();
      // Not signed in yet: the sign-in page, coming back to the link, says who shared what and offers to sign up with the address.
      await other.goto(new URL(link).pathname + new URL(link).search);
      await expect(other).toHaveURL(/\/login\?next=%2Fdashboard%2Fshared%3Fconfirm%3D/);
      await expect(other.getByRole('heading', { name: 'Create your account' })).toBeVisible();
      await expect(other.getByRole('status').filter({ hasText: `${owner.fullName} shared “welcome-pack.txt” with you` })).toContainText(
        `Create your free Coffer account with ${email} to see it.`,
      );
      await expect(other.getByLabel('Email')).toHaveValue(email);
      for (const width of [1280, 360]) {
        await other.setViewportSize({ width, height: 900 });
        await other.screenshot({ path: path.join(testDataDir(), 'screenshots', `share-email-sign-up-${width}.png`), fullPage: true });
      }
      await other.setViewportSize({ width: 1280, height: 800 });
      await other.getByLabel('Full Name').fill('Riley Recipient');
      await other.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
      await other.getByRole('button', { name: 'Create Account' }).click();

      await expect(toastWith(other, 'Email address confirmed')).toBeVisible();
      await expect(other).toHaveURL(/\/dashboard\/shared$/);
      await expect(card(other, 'welcome-pack.txt')).toBeVisible();
      // Told in the app now that the address is proven theirs (not when the share was made).
      await other.goto('/dashboard/notifications');
      await expect(other.getByText(`${owner.fullName} shared "welcome-pack.txt" with you`)).toBeVisible();
    } finally {
      await recipientContext.close();
    }
  });

  test('a list of shares longer than a page says how many it shows of how many, and shows the rest on demand', async ({ page }) => {
    const owner = await signUpThroughApi(page, appUrl());
    await confirmEmail(page.request, owner.email);
    const fileId = await uploadThroughApi(page.request, owner.accessToken, textFile('price-list.txt', 120));
    const headers = { authorization: `Bearer ${owner.accessToken}` };
    // 60 recipients: more than a page (50), fewer than the hour's share emails (100).
    const recipients = Array.from({ length: 60 }, (_, i) => `customer-${i}-${uniqueEmail()}`);
    for (let i = 0; i < recipients.length; i += 10) {
      const made = await Promise.all(recipients.slice(i, i + 10).map((email) => page.request.post('/api/shares', { data: { fileId, email }, headers })));
      expect(made.map((res) => res.status())).toEqual(Array(made.length).fill(201));
    }

    await page.goto('/dashboard/shared');
    const byMe = page.getByRole('region', { name: 'Shared by you' });
    await expect(byMe.getByRole('listitem')).toHaveCount(50);
    await expect(byMe.getByRole('status')).toHaveText('Showing 50 of 60');
    await byMe.getByRole('button', { name: 'Show more' }).click();
    await expect(byMe.getByRole('listitem')).toHaveCount(60);
    await expect(byMe.getByRole('button', { name: 'Show more' })).toHaveCount(0);
    // Every recipient is there once, the first one shared last (newest first).
    await expect(byMe.getByText(recipients[0])).toBeVisible();

    // The Share dialog's "Shared with" list pages the same way.
    await page.goto('/dashboard/files');
    await chooseFromMenu(page, 'price-list.txt', 'Share');
    const sharedWith = page.getByRole('dialog').getByRole('region', { name: 'Shared with' });
    await expect(sharedWith.getByRole('button', { name: /^Revoke access for / })).toHaveCount(50);
    await sharedWith.getByRole('button', { name: 'Show more' }).click();
    await expect(sharedWith.getByRole('button', { name: /^Revoke access for / })).toHaveCount(60);
  });

  test('a share opened more times than a page lists every open: how many show of how many, and the rest on demand', async ({ page, browser }) => {
    const owner = await signUpThroughApi(page, appUrl());
    const fileId = await uploadThroughApi(page.request, owner.accessToken, textFile('handbook.txt', 120));
    const recipientContext = await browser.newContext({ baseURL: appUrl() });
    try {
      const { page: other, user: recipient } = await confirmedUserIn(recipientContext);
      const made = await page.request.post('/api/shares', {
        data: { fileId, email: recipient.email },
        headers: { authorization: `Bearer ${owner.accessToken}` },
      });
      const shareId = ((await made.json()) as { id: string }).id;
      // 105 opens: more than a page of the history (100).
      const asRecipient = { authorization: `Bearer ${recipient.accessToken}` };
      for (let i = 0; i < 105; i += 15) {
        const opened = await Promise.all(
          Array.from({ length: Math.min(15, 105 - i) }, () => other.request.get(`/api/shares/${shareId}/link?disposition=inline`, { headers: asRecipient })),
        );
        expect(opened.map((res) => res.status())).toEqual(Array(opened.length).fill(200));
      }

      await page.goto('/dashboard/files');
      await chooseFromMenu(page, 'handbook.txt', 'Share');
      const sharedWith = shareDialog(page).getByRole('region', { name: 'Shared with' });
      const opens = sharedWith.getByRole('list', { name: `Opens by ${recipient.email}` }).getByRole('listitem');
      await expect(opens).toHaveCount(100);
      await expect(sharedWith.getByRole('status')).toHaveText('Showing 100 of 105');
      await sharedWith.getByRole('button', { name: 'Show more' }).click();
      await expect(opens).toHaveCount(105);
      await expect(sharedWith.getByRole('button', { name: 'Show more' })).toHaveCount(0);
    } finally {
      await recipientContext.close();
    }
  });
});
