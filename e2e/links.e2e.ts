import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { testDataDir } from '../deploy/local/stack.mjs';
import { brandedProOwner } from './support/session';
import { chooseFromMenu, textFile, uploadThroughApi } from './support/files';
import { expectNoSeriousA11yViolations } from './support/axe';

const appUrl = () => process.env.COFFER_TEST_APP_URL;
/** Where the screenshots of the screens this test walks through are kept, to be looked at. */
const shots = path.join(testDataDir(), 'screenshots', 'links');

test.describe('links ("Anyone with the link")', () => {
  test('a Pro owner makes a password-protected link with an expiry; a visitor with no account opens the branded page, enters the password and downloads byte for byte; the owner sees the download', async ({
    page,
    browser,
  }) => {
    fs.mkdirSync(shots, { recursive: true });
    const { owner } = await brandedProOwner(page, appUrl());
    const report = textFile('year-end.txt', 8192);
    await uploadThroughApi(page.request, owner.accessToken, report);

    await page.goto('/dashboard');
    await chooseFromMenu(page, 'year-end.txt', 'Share');
    const dialog = page.getByRole('dialog', { name: 'Share File' });
    const section = dialog.getByRole('region', { name: 'Anyone with the link' });
    await section.getByLabel('Link password').fill('harbour-lights');
    await section.getByLabel('Link expires after (days)').fill('7');
    await section.getByRole('button', { name: 'Create link' }).click();
    const address = await section.getByLabel('Link address').inputValue();
    expect(address).toMatch(new RegExp(`^${appUrl()}/l/[A-Za-z0-9_-]{43}$`));
    await expect(section.getByRole('list', { name: 'Links to this file' })).toContainText(/Password · Expires/);
    await section.scrollIntoViewIfNeeded();
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 900 });
      await section.screenshot({ path: path.join(shots, `share-dialog-link-section-${width}.png`) });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await expectNoSeriousA11yViolations(page, 'Share dialog with a link');
    await page.keyboard.press('Escape');

    // A visitor with no account, in a browser of their own.
    const visitor = await browser.newContext({ baseURL: appUrl(), acceptDownloads: true });
    try {
      const anonymous = await visitor.newPage();
      await anonymous.goto(address);
      await expect(anonymous.getByRole('heading', { name: `${owner.fullName} shared a file with you` })).toBeVisible();
      await expect(anonymous.getByText('Northwind Accounting').first()).toBeVisible();
      await expect(anonymous.getByText('year-end.txt')).toHaveCount(0);
      for (const width of [1280, 360]) {
        await anonymous.setViewportSize({ width, height: 800 });
        await anonymous.screenshot({ path: path.join(shots, `public-page-locked-${width}.png`), fullPage: true });
      }
      await anonymous.getByLabel('Password').fill('not-it');
      await anonymous.getByRole('button', { name: 'Open' }).click();
      await expect(anonymous.getByText('That password is not right')).toBeVisible();
      await anonymous.getByLabel('Password').fill('harbour-lights');
      await anonymous.getByRole('button', { name: 'Open' }).click();
      await expect(anonymous.getByRole('heading', { name: `${owner.fullName} shared “year-end.txt” with you` })).toBeVisible();
      for (const width of [1280, 360]) {
        await anonymous.setViewportSize({ width, height: 800 });
        await anonymous.screenshot({ path: path.join(shots, `public-page-${width}.png`), fullPage: true });
      }
      await anonymous.setViewportSize({ width: 1280, height: 800 });
      await expectNoSeriousA11yViolations(anonymous, 'public link page');

      // View: the app's preview.
      await anonymous.getByRole('button', { name: 'View' }).click();
      const preview = anonymous.getByRole('dialog', { name: 'year-end.txt' });
      await expect(preview.getByLabel('Contents of year-end.txt')).toHaveText(report.buffer.toString('utf8').trimEnd());
      await anonymous.keyboard.press('Escape');

      const [download] = await Promise.all([anonymous.waitForEvent('download'), anonymous.getByRole('button', { name: 'Download' }).click()]);
      expect(download.suggestedFilename()).toBe('year-end.txt');
      expect(fs.readFileSync(await download.path()).equals(report.buffer)).toBe(true);
    } finally {
      await visitor.close();
    }

    // The owner sees the open, the view and the download.
    await chooseFromMenu(page, 'year-end.txt', 'Share');
    const links = dialog.getByRole('list', { name: 'Links to this file' });
    await links.getByRole('button', { name: /1 open · 2 views and downloads/ }).click();
    const activity = links.getByRole('list', { name: 'Link activity' });
    await expect(activity.getByText('Downloaded')).toBeVisible();
    await expect(activity.getByText('Viewed')).toBeVisible();
    await expect(activity.getByText('Opened')).toBeVisible();

    // Turned off, the page says so at once.
    await links.getByRole('button', { name: /Turn off the link/ }).click();
    await expect(links).toBeHidden();
    const late = await browser.newPage({ baseURL: appUrl() });
    await late.goto(address);
    await expect(late.getByText('This link does not exist or was turned off by its owner.')).toBeVisible();
    await late.close();
  });
});
