import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { unzip } from '../gateway/test/unzip';
import { brandedProOwner, confirmEmail, confirmedUserIn, signUpThroughApi } from './support/session';
import { card, chooseFromMenu, shoot, toastWith, uploadThroughApi, type UploadedFile } from './support/files';

const appUrl = () => process.env.COFFER_TEST_APP_URL;

/** A folder made through the API, as the New Folder dialog would. */
async function folderThroughApi(request: APIRequestContext, accessToken: string, name: string, parentId = 'root'): Promise<string> {
  const res = await request.post('/api/folders', { headers: { authorization: `Bearer ${accessToken}` }, data: { name, parentId } });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

const binary = (name: string, bytes: number): UploadedFile => ({ name, mimeType: 'application/octet-stream', buffer: randomBytes(bytes) });

/** Reports/ with 2026/q1.bin inside, an empty Archive/, and summary.bin: the folder every test downloads. */
async function reportsFolder(request: APIRequestContext, accessToken: string) {
  const reports = await folderThroughApi(request, accessToken, 'Reports');
  const year = await folderThroughApi(request, accessToken, '2026', reports);
  await folderThroughApi(request, accessToken, 'Archive', reports);
  const q1 = binary('q1.bin', 700_000);
  const summary = binary('summary.bin', 1234);
  await uploadThroughApi(request, accessToken, q1, year);
  await uploadThroughApi(request, accessToken, summary, reports);
  return { reports, q1, summary };
}

const expected = (root: string, q1: UploadedFile, summary: UploadedFile) => [
  [`${root}/`, ''],
  [`${root}/2026/`, ''],
  [`${root}/2026/q1.bin`, q1.buffer.toString('base64')],
  [`${root}/Archive/`, ''],
  [`${root}/summary.bin`, summary.buffer.toString('base64')],
];

test.describe('zip downloads', () => {
  test("a folder's Download saves it as one zip, with its folders, empty ones too, and every file's bytes", async ({ page }) => {
    const owner = await signUpThroughApi(page);
    const { q1, summary } = await reportsFolder(page.request, owner.accessToken);

    await page.goto('/dashboard');
    const [download] = await Promise.all([page.waitForEvent('download'), chooseFromMenu(page, 'Reports', 'Download')]);
    expect(download.suggestedFilename()).toBe('Reports.zip');
    const { entries } = await unzip(fs.readFileSync(await download.path()));
    expect(entries.map((e) => [e.path, e.bytes.toString('base64')])).toEqual(expected('Reports', q1, summary));
    await expect(toastWith(page, 'Download started')).toBeVisible();
    // The page stayed where it was.
    await expect(page).toHaveURL(/\/dashboard$/);
    await shoot(page, 'zip-download-started');
  });

  test("a folder link's Download all saves the whole folder as one zip, for a visitor with no account", async ({ page, browser }) => {
    const { owner, headers } = await brandedProOwner(page, appUrl());
    const { reports, q1, summary } = await reportsFolder(page.request, owner.accessToken);
    const made = await page.request.post('/api/links', { headers, data: { fileId: reports } });
    expect(made.status()).toBe(201);
    const { token } = (await made.json()) as { token: string };

    const visitor = await browser.newContext({ baseURL: appUrl(), acceptDownloads: true });
    try {
      const anonymous = await visitor.newPage();
      await anonymous.goto(`/l/${token}`);
      await expect(anonymous.getByRole('heading', { name: `${owner.fullName} shared “Reports” with you` })).toBeVisible();
      await shoot(anonymous, 'folder-link-download-all');
      const [download] = await Promise.all([anonymous.waitForEvent('download'), anonymous.getByRole('button', { name: 'Download all' }).click()]);
      expect(download.suggestedFilename()).toBe('Reports.zip');
      const { entries } = await unzip(fs.readFileSync(await download.path()));
      expect(entries.map((e) => [e.path, e.bytes.toString('base64')])).toEqual(expected('Reports', q1, summary));
    } finally {
      await visitor.close();
    }
  });

  test('a folder shared by email downloads as one zip for its recipient, from its page or a folder card inside it', async ({ page, browser }) => {
    const owner = await signUpThroughApi(page, appUrl());
    await confirmEmail(page.request, owner.email);
    const { reports, q1, summary } = await reportsFolder(page.request, owner.accessToken);

    const recipientContext = await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
    try {
      const { page: other, user: recipient } = await confirmedUserIn(recipientContext);
      const shared = await page.request.post('/api/shares', {
        headers: { authorization: `Bearer ${owner.accessToken}` },
        data: { fileId: reports, email: recipient.email },
      });
      expect(shared.status()).toBe(201);

      await other.goto(`/dashboard/shared/${reports}`);
      await expect(card(other, 'summary.bin')).toBeVisible();
      const [download] = await Promise.all([other.waitForEvent('download'), other.getByRole('button', { name: 'Download (zip)' }).click()]);
      expect(download.suggestedFilename()).toBe('Reports.zip');
      const { entries } = await unzip(fs.readFileSync(await download.path()));
      expect(entries.map((e) => [e.path, e.bytes.toString('base64')])).toEqual(expected('Reports', q1, summary));
      await expect(toastWith(other, 'Download started')).toBeVisible();
      await shoot(other, 'shared-folder-zip');

      // A folder inside it, from its card's menu.
      const [inner] = await Promise.all([other.waitForEvent('download'), chooseFromMenu(other, '2026', 'Download')]);
      expect(inner.suggestedFilename()).toBe('2026.zip');
      const { entries: innerEntries } = await unzip(fs.readFileSync(await inner.path()));
      expect(innerEntries.map((e) => [e.path, e.bytes.toString('base64')])).toEqual([
        ['2026/', ''],
        ['2026/q1.bin', q1.buffer.toString('base64')],
      ]);
    } finally {
      await recipientContext.close();
    }
  });
});
