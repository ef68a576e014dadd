import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { card, textFile, toastWith } from './support/files';
import { screens } from './support/screens';
import { confirmEmail, confirmedUserIn, signUpThroughApi } from './support/session';

// Issue 31, folder upload: a folder of three levels and 50 files keeps its tree and every byte; the upload goes on
// in a tray while the person moves to another folder; a file dropped on a file list goes into that folder; and a
// Can edit folder-share recipient's Upload dialog shows the sharer's plan's largest file and the shared folder.

interface Item {
  id: string;
  name: string;
  isFolder: boolean;
}

const auth = (accessToken: string) => ({ authorization: `Bearer ${accessToken}` });
const listOf = async (request: APIRequestContext, accessToken: string, folder: string) =>
  ((await (await request.get(`/api/files?folder=${folder}`, { headers: auth(accessToken) })).json()) as { items: Item[] }).items;
const bytesOf = async (request: APIRequestContext, accessToken: string, id: string) => {
  const { url } = (await (await request.get(`/api/files/${id}/link?disposition=attachment`, { headers: auth(accessToken) })).json()) as { url: string };
  return (await request.get(url)).body();
};

/** A folder "Site" on disk: 10 files, Reports/ with 20, Reports/2026/ with 20; each file's bytes name it. */
function siteFolder(root: string) {
  const files = new Map<string, Buffer>();
  const levels: Array<[string, number]> = [
    ['Site', 10],
    ['Site/Reports', 20],
    ['Site/Reports/2026', 20],
  ];
  for (const [dir, count] of levels) {
    fs.mkdirSync(path.join(root, dir), { recursive: true });
    for (let i = 0; i < count; i++) {
      const relative = `${dir}/file-${i}.txt`;
      const bytes = Buffer.from(`${relative}\n${'x'.repeat(8000 + i)}`);
      fs.writeFileSync(path.join(root, relative), bytes);
      files.set(relative, bytes);
    }
  }
  return { dir: path.join(root, 'Site'), files };
}

test('a folder of three levels and 50 files keeps its tree and its bytes, uploading in the tray while the person opens another folder', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const user = await signUpThroughApi(page, process.env.COFFER_TEST_APP_URL);
  const site = siteFolder(testInfo.outputPath('picked'));
  await page.goto('/dashboard');
  await expect(card(page, 'Documents')).toBeVisible();

  await page.getByRole('banner').getByRole('button', { name: 'Upload' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload Files' });
  await expect(dialog.getByText('Maximum file size: 50MB')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Upload folder' })).toBeVisible();
  // "Upload folder" opens the browser's folder picker: its input takes the folder.
  await dialog.getByLabel('Choose a directory to upload').setInputFiles(site.dir);
  await expect(dialog.getByRole('list', { name: 'Chosen files' }).getByRole('listitem')).toHaveCount(50);
  await screens(page, 'upload-dialog-folder');

  // The bytes to storage are held until the checks below are done, so that the upload is surely still going.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.searchParams.has('X-Amz-Signature'),
    async (route) => {
      if (route.request().method() === 'PUT') await held;
      await route.continue();
    },
  );
  await dialog.getByRole('button', { name: 'Upload (50)' }).click();
  await expect(dialog).toBeHidden();
  const tray = page.getByRole('region', { name: 'Uploads' });
  await expect(tray.getByRole('status')).toContainText(/^Uploading \d+ of 50 file\(s\)$/);
  await expect(tray).toContainText(/\d+ of 50 files · /);
  await screens(page, 'upload-tray');

  // The page stays usable: into Documents, and the tray goes on there.
  await card(page, 'Documents').getByRole('link', { name: 'Documents' }).click();
  await expect(page).toHaveURL(/\/dashboard\/files\/[0-9a-f-]{36}$/);
  await expect(page.getByText('No files in this folder')).toBeVisible();
  await expect(tray.getByRole('status')).toContainText('of 50 file(s)');
  release();

  await expect(toastWith(page, '50 file(s) uploaded successfully')).toBeVisible({ timeout: 60_000 });
  await expect(tray).toBeHidden();

  // The tree and every file's bytes, through the API.
  const root = await listOf(page.request, user.accessToken, 'root');
  const siteFolderItem = root.find((i) => i.name === 'Site' && i.isFolder)!;
  expect(siteFolderItem).toBeDefined();
  const walk = async (folderId: string, prefix: string, found: Map<string, string>) => {
    for (const item of await listOf(page.request, user.accessToken, folderId)) {
      if (item.isFolder) await walk(item.id, `${prefix}/${item.name}`, found);
      else found.set(`${prefix}/${item.name}`, item.id);
    }
    return found;
  };
  const uploaded = await walk(siteFolderItem.id, 'Site', new Map());
  expect([...uploaded.keys()].sort()).toEqual([...site.files.keys()].sort());
  for (const [relative, id] of uploaded) expect((await bytesOf(page.request, user.accessToken, id)).equals(site.files.get(relative)!)).toBe(true);

  // The same folder again: the tree is reused, not doubled (the files beside their first copies).
  await page.goto('/dashboard');
  await page.getByRole('banner').getByRole('button', { name: 'Upload' }).click();
  await dialog.getByLabel('Choose a directory to upload').setInputFiles(path.join(site.dir, 'Reports', '2026'));
  await dialog.getByRole('button', { name: 'Upload (20)' }).click();
  await expect(toastWith(page, '20 file(s) uploaded successfully')).toBeVisible({ timeout: 60_000 });
  expect((await listOf(page.request, user.accessToken, 'root')).filter((i) => i.name === '2026')).toHaveLength(1);
});

test('a file dropped anywhere on a file list is uploaded into the folder it shows', async ({ page }) => {
  const user = await signUpThroughApi(page, process.env.COFFER_TEST_APP_URL);
  await page.goto('/dashboard');
  await card(page, 'Projects').getByRole('link', { name: 'Projects' }).click();
  await expect(page.getByText('No files in this folder')).toBeVisible();
  const projects = page.url().split('/').pop()!;

  const zone = page.locator('[data-drop-zone]');
  const dataTransfer = await page.evaluateHandle(() => {
    const data = new DataTransfer();
    data.items.add(new File(['dropped on the list\n'], 'dropped.txt', { type: 'text/plain' }));
    return data;
  });
  await zone.dispatchEvent('dragenter', { dataTransfer });
  await expect(page.getByText('Drop files or folders to upload them here')).toBeVisible();
  await zone.dispatchEvent('drop', { dataTransfer });
  await expect(page.getByText('Drop files or folders to upload them here')).toBeHidden();

  await expect(toastWith(page, '1 file(s) uploaded successfully')).toBeVisible();
  await expect(card(page, 'dropped.txt')).toBeVisible();
  const inProjects = await listOf(page.request, user.accessToken, projects);
  expect(inProjects.map((i) => i.name)).toEqual(['dropped.txt']);
  expect((await bytesOf(page.request, user.accessToken, inProjects[0].id)).toString()).toBe('dropped on the list\n');
});

test("a Can edit folder-share recipient's Upload dialog shows the sharer's largest file and the shared folder, and the upload lands there", async ({
  page,
  browser,
}) => {
  const owner = await signUpThroughApi(page, process.env.COFFER_TEST_APP_URL);
  await confirmEmail(page.request, owner.email);
  const headers = auth(owner.accessToken);
  expect((await page.request.post('/api/subscription/trial', { data: { plan: 'business' }, headers })).status()).toBe(201);
  const clients = (await (await page.request.post('/api/folders', { data: { name: 'Clients', parentId: 'root' }, headers })).json()) as { id: string };

  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const { page: other, user: recipient } = await confirmedUserIn(context);
    expect((await page.request.post('/api/shares', { data: { fileId: clients.id, email: recipient.email, level: 'edit' }, headers })).status()).toBe(201);
    await other.goto(`/dashboard/shared/${clients.id}`);
    await expect(other.getByText('Can edit')).toBeVisible();

    await other.getByRole('banner').getByRole('button', { name: 'Upload' }).click();
    const dialog = other.getByRole('dialog', { name: 'Upload Files' });
    // The recipient is on no plan of their own (50MB); the upload counts against the sharer's business plan.
    await expect(dialog.getByText('Maximum file size: 10GB')).toBeVisible();
    await expect(dialog.getByText('Shared / Clients')).toBeVisible();
    await expect(dialog.getByRole('combobox', { name: 'Folder' })).toHaveCount(0);
    const signed = textFile('signed.txt', 512);
    await dialog.getByLabel('Choose files').setInputFiles(signed);
    await screens(other, 'upload-dialog-shared');
    await dialog.getByRole('button', { name: 'Upload (1)' }).click();
    await expect(toastWith(other, '1 file(s) uploaded successfully')).toBeVisible();
    await expect(card(other, 'signed.txt')).toBeVisible();

    const inClients = await listOf(page.request, owner.accessToken, clients.id);
    expect(inClients.map((i) => i.name)).toEqual(['signed.txt']);
    expect((await bytesOf(page.request, owner.accessToken, inClients[0].id)).equals(signed.buffer)).toBe(true);
  } finally {
    await context.close();
  }
});
