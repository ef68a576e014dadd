import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { testDataDir } from '../deploy/local/stack.mjs';
import { expectNoSeriousA11yViolations } from './support/axe';
import { card, textFile } from './support/files';
import { brandedProOwner } from './support/session';

const appUrl = () => process.env.COFFER_TEST_APP_URL;
/** Where the screenshots of the screens this test walks through are kept, to be looked at. */
const shots = path.join(testDataDir(), 'screenshots', 'file-requests');

test.describe('file requests', () => {
  test('an owner asks for files into a folder; a visitor with no account sends two files on the branded page, seeing nothing of the folder; the owner finds both there and is told', async ({
    page,
    browser,
  }) => {
    fs.mkdirSync(shots, { recursive: true });
    const { owner, headers: auth } = await brandedProOwner(page, appUrl());
    const folder = await (await page.request.post('/api/folders', { data: { name: 'Client uploads', parentId: 'root' }, headers: auth })).json();
    expect((await page.request.post('/api/folders', { data: { name: 'Private notes', parentId: folder.id }, headers: auth })).status()).toBe(201);

    await page.goto(`/dashboard/files/${folder.id}`);
    await page.getByRole('button', { name: 'Request files' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request files' });
    await dialog.getByLabel('What you are asking for (optional)').fill('Your signed engagement letter and ID');
    await dialog.getByLabel('Expires after (days)').fill('14');
    await dialog.getByLabel('Largest file (MB)').fill('5');
    await dialog.getByRole('button', { name: 'Create request link' }).click();
    const address = await dialog.getByLabel('Request address').inputValue();
    expect(address).toMatch(new RegExp(`^${appUrl()}/r/[A-Za-z0-9_-]{43}$`));
    await expect(dialog.getByRole('list', { name: 'File requests for this folder' })).toContainText('0 files received');
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: path.join(shots, `request-dialog-${width}.png`) });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await expectNoSeriousA11yViolations(page, 'Request files dialog');
    await page.keyboard.press('Escape');

    const letter = textFile('engagement-letter.txt', 3000);
    const id = textFile('passport-scan.txt', 1200);
    const visitor = await browser.newContext({ baseURL: appUrl() });
    try {
      const anonymous = await visitor.newPage();
      await anonymous.goto(address);
      await expect(anonymous.getByRole('heading', { name: `${owner.fullName} asks you for files` })).toBeVisible();
      await expect(anonymous.getByText('Northwind Accounting').first()).toBeVisible();
      await expect(anonymous.getByText('Your signed engagement letter and ID')).toBeVisible();
      await expect(anonymous.getByText(/Client uploads|Private notes/)).toHaveCount(0);
      await anonymous.getByLabel('Files to send').setInputFiles([letter, id]);
      await anonymous.getByRole('button', { name: 'Send 2 files' }).click();
      const sent = anonymous.getByRole('list', { name: 'Files you sent' });
      await expect(sent.getByRole('listitem').filter({ hasText: 'engagement-letter.txt' })).toContainText('Sent');
      await expect(sent.getByRole('listitem').filter({ hasText: 'passport-scan.txt' })).toContainText('Sent');
      for (const width of [1280, 360]) {
        await anonymous.setViewportSize({ width, height: 800 });
        await anonymous.screenshot({ path: path.join(shots, `public-request-page-${width}.png`), fullPage: true });
      }
      await anonymous.setViewportSize({ width: 1280, height: 800 });
      await expectNoSeriousA11yViolations(anonymous, 'public file request page');
    } finally {
      await visitor.close();
    }

    // Both files are in the folder, and the owner is told of each.
    await page.reload();
    await expect(card(page, 'engagement-letter.txt')).toBeVisible();
    await expect(card(page, 'passport-scan.txt')).toBeVisible();
    await page.goto('/dashboard/notifications');
    await expect(page.getByText('"engagement-letter.txt" was uploaded to Client uploads through your file request')).toBeVisible();
    await expect(page.getByText('"passport-scan.txt" was uploaded to Client uploads through your file request')).toBeVisible();
    await page.goto(`/dashboard/files/${folder.id}`);
    await page.getByRole('button', { name: 'Request files' }).click();
    await expect(page.getByRole('dialog', { name: 'Request files' }).getByRole('list', { name: 'File requests for this folder' })).toContainText(
      '2 files received',
    );
  });

  test('a visitor sends a 20 MB file in parts, and sees its progress as it goes', async ({ page, browser }) => {
    fs.mkdirSync(shots, { recursive: true });
    const { headers: auth } = await brandedProOwner(page, appUrl());
    const made = await (await page.request.post('/api/file-requests', { data: { folderId: 'root' }, headers: auth })).json();
    const big = { name: 'site-survey.mp4', mimeType: 'video/mp4', buffer: Buffer.alloc(20 * 1024 ** 2, 7) };
    const visitor = await browser.newContext({ baseURL: appUrl() });
    try {
      const anonymous = await visitor.newPage();
      // The last part waits until the progress shown has been looked at.
      let letGo!: () => void;
      const held = new Promise<void>((resolve) => (letGo = resolve));
      await anonymous.route(/partNumber=3/, async (route) => {
        await held;
        await route.continue();
      });
      await anonymous.goto(made.url);
      await expect(anonymous.getByText('Files up to 10 GB each', { exact: false })).toBeVisible();
      await anonymous.getByLabel('Files to send').setInputFiles([big]);
      await anonymous.getByRole('button', { name: 'Send file' }).click();
      const row = anonymous.getByRole('list', { name: 'Files you sent' }).getByRole('listitem').filter({ hasText: 'site-survey.mp4' });
      await expect(row.getByRole('progressbar', { name: 'site-survey.mp4: sent so far' })).toBeVisible();
      await expect(row).toContainText(/20 MB · Sending… \d+%/);
      for (const width of [1280, 360]) {
        await anonymous.setViewportSize({ width, height: 800 });
        await anonymous.screenshot({ path: path.join(shots, `public-request-progress-${width}.png`), fullPage: true });
      }
      letGo();
      await expect(row).toContainText('20 MB · Sent');
      await expect(row.getByRole('progressbar')).toHaveCount(0);
    } finally {
      await visitor.close();
    }
    const files = await (await page.request.get('/api/files?folder=root', { headers: auth })).json();
    expect(files.items.find((f: { name: string }) => f.name === 'site-survey.mp4')).toMatchObject({ size: 20 * 1024 ** 2 });
  });

  test('a visitor who sends too many files in a minute is told when to try again', async ({ page, browser }) => {
    fs.mkdirSync(shots, { recursive: true });
    const { headers: auth } = await brandedProOwner(page, appUrl());
    const made = await (await page.request.post('/api/file-requests', { data: { folderId: 'root' }, headers: auth })).json();
    const token = made.url.split('/').pop();
    // Twenty uploads started through the request this minute: its limit.
    for (let i = 0; i < 20; i++)
      expect((await page.request.post(`/api/public-file-requests/${token}/uploads`, { data: { name: `scan-${i}.txt`, size: 10 } })).status()).toBe(201);
    const visitor = await browser.newContext({ baseURL: appUrl() });
    try {
      const anonymous = await visitor.newPage();
      await anonymous.goto(made.url);
      await anonymous.getByLabel('Files to send').setInputFiles([textFile('invoice.txt', 100), textFile('receipt.txt', 100)]);
      await anonymous.getByRole('button', { name: 'Send 2 files' }).click();
      const sent = anonymous.getByRole('list', { name: 'Files you sent' });
      for (const name of ['invoice.txt', 'receipt.txt'])
        await expect(sent.getByRole('listitem').filter({ hasText: name })).toContainText(
          /Too many files were sent through this request in the last minute\. Please try again in \d+ seconds?\./,
        );
      for (const width of [1280, 360]) {
        await anonymous.setViewportSize({ width, height: 800 });
        await anonymous.screenshot({ path: path.join(shots, `public-request-too-many-${width}.png`), fullPage: true });
      }
    } finally {
      await visitor.close();
    }
  });
});
