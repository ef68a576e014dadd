import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { signUpThroughApi } from './support/session';
import { card, chooseFromMenu, storageLine, textFile, toastWith, uploadThroughDialog } from './support/files';

const appUrl = () => process.env.COFFER_TEST_APP_URL;

/** A new user on the files tab, with the four root folders on screen. */
async function startAsNewUser(page: Page) {
  const user = await signUpThroughApi(page, appUrl());
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Files', exact: true })).toBeVisible();
  await expect(page.getByText('Manage your files and folders')).toBeVisible();
  for (const name of ['Documents', 'Images', 'Projects', 'Invoices']) await expect(card(page, name)).toBeVisible();
  return user;
}

/** Slows this page's uploads so their progress bars can be watched. */
async function throttleUploads(page: Page, bytesPerSecond: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: bytesPerSecond });
  return () => cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
}

test.describe('folders', () => {
  test('a new folder is created from its dialog, entered, and left by breadcrumbs and Back to Files', async ({ page }) => {
    await startAsNewUser(page);
    await expect(card(page, 'Documents')).toContainText('Empty');

    await page.getByRole('button', { name: 'New Folder' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Folder' });
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog.getByText('Please enter a folder name')).toBeVisible();
    await dialog.getByLabel('Folder Name').fill('Contracts');
    await dialog.getByLabel('Folder Name').press('Enter');
    await expect(toastWith(page, 'Folder created successfully')).toBeVisible();
    await expect(dialog).toBeHidden();

    await card(page, 'Contracts').getByRole('link', { name: 'Contracts' }).click();
    await expect(page).toHaveURL(/\/dashboard\/files\/[0-9a-f-]{36}$/);
    await expect(page.getByText('No files in this folder')).toBeVisible();
    await expect(page.getByText('Upload files to get started')).toBeVisible();

    // A folder inside it: breadcrumbs lead back up.
    await page.getByRole('button', { name: 'New Folder' }).click();
    await page.getByLabel('Folder Name').fill('2025');
    await page.getByRole('button', { name: 'Create' }).click();
    await card(page, '2025').getByRole('link', { name: '2025' }).click();
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs.getByText('2025')).toHaveAttribute('aria-current', 'page');
    await crumbs.getByRole('link', { name: 'Contracts' }).click();
    await expect(card(page, '2025')).toContainText('Empty');

    await page.getByRole('link', { name: 'Back to Files' }).click();
    await expect(page).toHaveURL(/\/dashboard\/files$/);
    await expect(card(page, 'Contracts')).toContainText('0 file(s), 1 folder(s)');
  });
});

/** A new user on a paid plan (a Business trial): files up to 10 GB. */
async function startOnPaidPlan(page: Page) {
  const user = await startAsNewUser(page);
  const trial = await page.request.post('/api/subscription/trial', { data: { plan: 'business' }, headers: { authorization: `Bearer ${user.accessToken}` } });
  expect(trial.status()).toBe(201);
  await page.reload();
  await expect(card(page, 'Documents')).toBeVisible();
  return user;
}

/** The share of a progress bar filled, as it tells assistive technology. */
const filled = async (bar: ReturnType<Page['getByRole']>) => Number(await bar.getAttribute('aria-valuenow'));

test.describe('folder pickers', () => {
  test('Move to… finds any of 150 folders by typing, shows each by its path, and says how many more there are', async ({ page }) => {
    const user = await startAsNewUser(page);
    const auth = { authorization: `Bearer ${user.accessToken}` };
    const made = async (name: string, parentId = 'root') => {
      const res = await page.request.post('/api/folders', { data: { name, parentId }, headers: auth });
      expect(res.status()).toBe(201);
      return ((await res.json()) as { id: string }).id;
    };
    for (let i = 0; i < 150; i++) await made(`Matter ${String(i).padStart(3, '0')}`);
    await made('2019', await made('Archive'));
    await uploadThroughDialog(page, [textFile('contract.pdf', 2048)]);
    await expect(toastWith(page, '1 file(s) uploaded successfully')).toBeVisible();

    await chooseFromMenu(page, 'contract.pdf', 'Move to…');
    const dialog = page.getByRole('dialog', { name: 'Move to…' });
    await dialog.getByLabel('Folder').click();
    // 156 folders: the first 100 by name are listed, the rest counted (the file is in the root: not offered).
    await expect(dialog.getByText('56 more folders match: type to narrow them down.')).toBeVisible();
    await expect(dialog.getByRole('option', { name: 'Root' })).toHaveCount(0);
    // Escape closes the list, not the dialog.
    await page.keyboard.press('Escape');
    await expect(dialog.getByRole('listbox', { name: 'Folders' })).toBeHidden();
    await expect(dialog).toBeVisible();

    await dialog.getByLabel('Folder').click();
    await dialog.getByLabel('Search folders').fill('2019');
    await expect(dialog.getByRole('option')).toHaveText(['Archive / 2019']);
    await dialog.getByLabel('Search folders').press('Enter');
    await expect(dialog.getByLabel('Folder')).toHaveText('Archive / 2019');
    await dialog.getByRole('button', { name: 'Move' }).click();
    await expect(toastWith(page, 'File moved successfully')).toBeVisible();
    await expect(card(page, 'Archive')).toContainText('0 file(s), 1 folder(s)');

    const found = (await (await page.request.get('/api/files?view=search&q=contract', { headers: auth })).json()) as { items: { folderId: string }[] };
    const archive = (await (await page.request.get('/api/folders?q=2019', { headers: auth })).json()) as { items: { id: string }[] };
    expect(found.items.map((i) => i.folderId)).toEqual([archive.items[0].id]);
  });
});

test.describe('big files', () => {
  test('a 120 MB file goes in parts with its progress bar, resumes after a reload from the parts stored, and arrives byte for byte', async ({
    page,
  }, testInfo) => {
    test.setTimeout(180_000);
    const user = await startOnPaidPlan(page);
    const bytes = randomBytes(120 * 1024 * 1024);
    const path = testInfo.outputPath('Site survey.mp4');
    fs.writeFileSync(path, bytes);
    const partsSent: string[] = [];
    page.on(
      'requestfinished',
      (r) => r.method() === 'PUT' && r.url().includes('partNumber=') && partsSent.push(new URL(r.url()).searchParams.get('partNumber')!),
    );

    let restore = await throttleUploads(page, 12 * 1024 * 1024);
    await page.getByRole('banner').getByRole('button', { name: 'Upload' }).click();
    let dialog = page.getByRole('dialog', { name: 'Upload Files' });
    await expect(dialog.getByText('Maximum file size: 10GB')).toBeVisible();
    await dialog.getByLabel('Choose files').setInputFiles(path);
    await dialog.getByRole('button', { name: 'Upload (1)' }).click();
    // The dialog closes; the upload goes on in the tray.
    const bar = page.getByRole('region', { name: 'Uploads' }).getByRole('progressbar', { name: 'Uploading Site survey.mp4' });
    // Some parts stored whole (6 go at once: the bar moves well before the first of them is stored).
    await expect.poll(() => partsSent.length, { timeout: 60_000 }).toBeGreaterThanOrEqual(2);
    expect(await filled(bar)).toBeGreaterThanOrEqual(10);
    expect(await filled(bar)).toBeLessThan(100);

    // The tab is reloaded mid-upload: what arrived stays, and the dialog offers to resume it.
    page.on('dialog', (d) => void d.accept());
    await page.reload();
    await restore();
    const sentBefore = new Set(partsSent);
    await page.getByRole('banner').getByRole('button', { name: 'Upload' }).click();
    dialog = page.getByRole('dialog', { name: 'Upload Files' });
    const unfinished = dialog.getByRole('region', { name: 'Unfinished uploads' });
    await expect(unfinished).toContainText('Site survey.mp4');
    await expect(unfinished).toContainText('Choose the same file again to resume where it stopped.');
    await dialog.getByLabel('Choose files').setInputFiles(path);
    await expect(dialog.getByText(/^Resumes where it stopped \(\d+% sent\)$/)).toBeVisible();
    await expect(unfinished).toBeHidden();
    restore = await throttleUploads(page, 40 * 1024 * 1024);
    await dialog.getByRole('button', { name: 'Upload (1)' }).click();
    await expect(toastWith(page, '1 file(s) uploaded successfully')).toBeVisible({ timeout: 90_000 });
    await restore();
    await expect(card(page, 'Site survey.mp4')).toContainText('120 MB');

    // Only the parts missing were sent again: 15 parts of 8 MB in all.
    const resent = partsSent.slice(sentBefore.size);
    expect(resent.length).toBeLessThan(15);
    expect(new Set(partsSent).size).toBe(15);
    const auth = { authorization: `Bearer ${user.accessToken}` };
    const { items } = (await (await page.request.get('/api/files?view=search&q=Site%20survey', { headers: auth })).json()) as {
      items: { id: string; size: number }[];
    };
    expect(items.map((i) => i.size)).toEqual([bytes.length]);
    const link = (await (await page.request.get(`/api/files/${items[0].id}/link?disposition=attachment`, { headers: auth })).json()) as { url: string };
    const stored = Buffer.from(await (await fetch(link.url)).arrayBuffer());
    expect(createHash('sha256').update(stored).digest('hex')).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(((await (await page.request.get('/api/uploads', { headers: auth })).json()) as { items: unknown[] }).items).toEqual([]);
  });

  test("a file chosen before the plan is known waits for it, and is judged by the plan's own limit", async ({ page }, testInfo) => {
    await startOnPaidPlan(page);
    const path = testInfo.outputPath('Site backup.zip');
    fs.writeFileSync(path, Buffer.alloc(51 * 1024 * 1024));
    // The plan's answer held back until the file is chosen (a slow network), on a fresh page.
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/api/subscription', async (route) => {
      await answered;
      await route.continue();
    });
    await page.reload();
    await expect(card(page, 'Documents')).toBeVisible();
    await page.getByRole('banner').getByRole('button', { name: 'Upload' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload Files' });
    await dialog.getByLabel('Choose files').setInputFiles(path);
    await expect(dialog.getByRole('status')).toHaveText('Checking 1 file(s) against your plan...');
    answer();
    // Judged by the Business plan's 10GB, not the trial's 50MB it would have been held to.
    await expect(dialog.getByText('Maximum file size: 10GB')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Upload (1)' })).toBeEnabled();
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    await page.unroute('**/api/subscription');
  });

  test('a big upload cancelled halfway keeps nothing; the same file is refused on the trial with its limit', async ({ page }, testInfo) => {
    const user = await startOnPaidPlan(page);
    const path = testInfo.outputPath('Disk image.iso');
    fs.writeFileSync(path, randomBytes(60 * 1024 * 1024));
    const restore = await throttleUploads(page, 4 * 1024 * 1024);
    await page.getByRole('banner').getByRole('button', { name: 'Upload' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload Files' });
    await dialog.getByLabel('Choose files').setInputFiles(path);
    await dialog.getByRole('button', { name: 'Upload (1)' }).click();
    // The upload goes on in the tray, whose Cancel stops it.
    const tray = page.getByRole('region', { name: 'Uploads' });
    await expect.poll(() => filled(tray.getByRole('progressbar', { name: 'Uploading Disk image.iso' })), { timeout: 30_000 }).toBeGreaterThan(0);
    await tray.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(tray).toBeHidden();
    await restore();

    const auth = { authorization: `Bearer ${user.accessToken}` };
    await expect.poll(async () => ((await (await page.request.get('/api/uploads', { headers: auth })).json()) as { items: unknown[] }).items).toEqual([]);
    await expect(card(page, 'Disk image.iso')).toBeHidden();
    await expect(storageLine(page)).toHaveText('0 B of 2 TB used');

    // On the trial the same file is over the largest file, said before anything is sent.
    await startAsNewUser(page);
    await page.getByRole('banner').getByRole('button', { name: 'Upload' }).click();
    await expect(dialog.getByText('Maximum file size: 50MB')).toBeVisible();
    await dialog.getByLabel('Choose files').setInputFiles(path);
    await expect(dialog.getByRole('alert')).toContainText('Disk image.iso: This file is larger than 50MB, the largest file your plan accepts.');
  });
});

test.describe('uploads, viewing and downloading', () => {
  test('two files upload with a progress bar each, the meter moves, one opens in the preview and the other downloads with the same bytes', async ({ page }) => {
    await startAsNewUser(page);
    await expect(storageLine(page)).toHaveText('0 B of 10 GB used');

    const notes = textFile('notes.txt', 600 * 1024);
    const figures = textFile('figures.csv', 400 * 1024, 'text/csv');
    const restore = await throttleUploads(page, 400 * 1024);
    const dialog = await uploadThroughDialog(page, [notes, figures]);
    // The dialog closes and the files go on in the tray, which goes once both arrived.
    await expect(dialog).toBeHidden();
    const tray = page.getByRole('region', { name: 'Uploads' });
    await expect(tray.getByRole('progressbar', { name: 'Uploading notes.txt' })).toBeVisible();
    await expect(tray.getByRole('progressbar', { name: 'Uploading figures.csv' })).toBeVisible();
    await expect(toastWith(page, '2 file(s) uploaded successfully')).toBeVisible({ timeout: 20_000 });
    await restore();
    await expect(tray).toBeHidden();

    await expect(card(page, 'notes.txt')).toContainText('600 KB');
    await expect(card(page, 'figures.csv')).toContainText('400 KB');
    await expect(storageLine(page)).toHaveText('1000 KB of 10 GB used');

    await chooseFromMenu(page, 'notes.txt', 'View');
    const preview = page.getByRole('dialog', { name: 'notes.txt' });
    await expect(preview.getByLabel('Contents of notes.txt')).toContainText('notes.txt');
    await preview.getByRole('button', { name: 'Close' }).click();

    const [download] = await Promise.all([page.waitForEvent('download'), chooseFromMenu(page, 'figures.csv', 'Download')]);
    await expect(toastWith(page, 'File downloaded')).toBeVisible();
    expect(download.suggestedFilename()).toBe('figures.csv');
    expect(fs.readFileSync(await download.path()).equals(figures.buffer)).toBe(true);

    // Both were accessed: Recent lists them.
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Recent' }).click();
    await expect(page.getByText('Recently accessed files')).toBeVisible();
    await expect(card(page, 'figures.csv')).toBeVisible();
  });

  test("a file over the trial's 50MB is refused in the browser before anything is sent", async ({ page }, testInfo) => {
    await startAsNewUser(page);
    const huge = testInfo.outputPath('huge.bin');
    fs.writeFileSync(huge, Buffer.alloc(50 * 1024 * 1024 + 1));
    const slotRequests: string[] = [];
    // Asking for an upload is a POST (the dialog only reads the unfinished uploads otherwise).
    page.on('request', (request) => request.method() === 'POST' && request.url().includes('/api/uploads') && slotRequests.push(request.url()));

    await page.getByRole('banner').getByRole('button', { name: 'Upload' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload Files' });
    await dialog.getByLabel('Choose files').setInputFiles(huge);
    await expect(dialog.getByRole('alert')).toContainText('huge.bin: This file is larger than 50MB, the largest file your plan accepts.');
    await expect(dialog.getByRole('button', { name: 'Upload (0)' })).toBeDisabled();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(slotRequests).toEqual([]);
    await expect(storageLine(page)).toHaveText('0 B of 10 GB used');
  });

  test("an upload the server refuses (the plan is full) stores nothing and shows the server's reason", async ({ page }) => {
    await startAsNewUser(page);
    // Fill the 10 GB trial without sending 10 GB: open upload slots reserve their declared size.
    const { accessToken } = await (await page.request.post('/api/auth/refresh')).json();
    let reserved = 0;
    for (let i = 0; i < 210; i++) {
      const slot = await page.request.post('/api/uploads', {
        headers: { authorization: `Bearer ${accessToken}` },
        data: { name: `reserved-${i}.bin`, size: 50 * 1024 * 1024 },
      });
      if (slot.status() !== 201) break;
      reserved += 1;
    }
    expect(reserved).toBeGreaterThan(200);
    // ...and the last few megabytes, so that not even a kilobyte fits.
    const rest = await page.request.post('/api/uploads', {
      headers: { authorization: `Bearer ${accessToken}` },
      data: { name: 'reserved-rest.bin', size: 10 * 1024 ** 3 - reserved * 50 * 1024 * 1024 },
    });
    expect(rest.status()).toBe(201);
    const full = "There isn't enough storage space left on your plan for this file. Free up space or upgrade your plan.";
    await uploadThroughDialog(page, [textFile('too-much.txt', 1024)]);
    // The tray lists the file with the server's reason, until it is closed.
    const tray = page.getByRole('region', { name: 'Uploads' });
    await expect(tray.getByRole('list', { name: 'Not uploaded' }).getByRole('alert')).toHaveText(full);
    await expect(toastWith(page, 'Failed to upload files')).toContainText(full);
    await tray.getByRole('button', { name: 'Close uploads' }).click();
    await expect(tray).toBeHidden();
    await expect(page.getByRole('list', { name: 'Files' }).getByText('too-much.txt')).toHaveCount(0);
    await expect(storageLine(page)).toHaveText('0 B of 10 GB used');
  });
});

test.describe('organising', () => {
  test('a file dragged onto a folder moves into it; Move to… does the same from the menu', async ({ page }) => {
    await startAsNewUser(page);
    await uploadThroughDialog(page, [textFile('report.pdf', 2048, 'application/pdf'), textFile('photo.png', 1024, 'image/png')]);
    await expect(toastWith(page, '2 file(s) uploaded successfully')).toBeVisible();

    await card(page, 'report.pdf').dragTo(card(page, 'Documents'));
    await expect(toastWith(page, 'File moved successfully')).toBeVisible();
    await expect(card(page, 'report.pdf')).toHaveCount(0);
    await expect(card(page, 'Documents')).toContainText('1 file(s), 0 folder(s)');

    await chooseFromMenu(page, 'photo.png', 'Move to…');
    const dialog = page.getByRole('dialog', { name: 'Move to…' });
    await dialog.getByLabel('Folder').click();
    await page.getByRole('option', { name: 'Images', exact: true }).click();
    await dialog.getByRole('button', { name: 'Move' }).click();
    await expect(card(page, 'Images')).toContainText('1 file(s), 0 folder(s)');

    await card(page, 'Documents').getByRole('link', { name: 'Documents' }).click();
    await expect(card(page, 'report.pdf')).toContainText('2 KB');
    await page.getByRole('link', { name: 'Back to Files' }).click();

    // Search from the top bar finds it in its folder.
    await page.getByRole('searchbox', { name: 'Search files' }).fill('report');
    await page.getByRole('searchbox', { name: 'Search files' }).press('Enter');
    await expect(page).toHaveURL(/\/dashboard\/search\?q=report$/);
    await expect(card(page, 'report.pdf')).toBeVisible();
    await expect(card(page, 'photo.png')).toHaveCount(0);
  });

  test('a folder of 300 items is renamed, dragged into another, moved again with Move to… (never offered its own tree), and holds all 300 throughout', async ({
    page,
  }) => {
    // 300 uploads through the API before the story starts.
    test.setTimeout(120_000);
    const user = await startAsNewUser(page);
    const auth = { authorization: `Bearer ${user.accessToken}` };
    const folderNamed = async (name: string, parentId = 'root') => {
      const res = await page.request.post('/api/folders', { data: { name, parentId }, headers: auth });
      expect(res.status()).toBe(201);
      return ((await res.json()) as { id: string }).id;
    };
    const archive = await folderNamed('Client archive');
    await folderNamed('Scans', archive);
    // 299 files and the folder Scans: 300 items, put there through the API as the upload dialog would.
    const names = Array.from({ length: 299 }, (_, i) => `Invoice ${String(i + 1).padStart(3, '0')}.pdf`);
    for (let i = 0; i < names.length; i += 25)
      await Promise.all(
        names.slice(i, i + 25).map(async (name) => {
          const slot = await page.request.post('/api/uploads', { data: { name, size: 5, mimeType: 'application/pdf', folderId: archive }, headers: auth });
          const { url, headers, uploadId } = (await slot.json()) as { url: string; headers: Record<string, string>; uploadId: string };
          expect((await page.request.put(url, { headers, data: Buffer.from(name.slice(0, 5)) })).status()).toBe(200);
          expect((await page.request.post(`/api/uploads/${uploadId}/complete`, { headers: auth })).status()).toBe(201);
        }),
      );
    const contents = async () => {
      const res = await page.request.get(`/api/files?folder=${archive}&sort=name-asc`, { headers: auth });
      return ((await res.json()) as { items: { name: string }[] }).items.map((i) => i.name);
    };
    const all = [...names, 'Scans'];
    expect(await contents()).toEqual(all);
    await page.reload();

    // Rename: the whole folder name is selected; what is typed replaces it.
    await chooseFromMenu(page, 'Client archive', 'Rename');
    const rename = page.getByRole('dialog', { name: 'Rename' });
    const name = rename.getByLabel('Name');
    await expect(name).toBeFocused();
    await page.keyboard.type('Archive 2026');
    await page.keyboard.press('Enter');
    await expect(toastWith(page, 'Folder renamed')).toBeVisible();
    await expect(rename).toBeHidden();
    await expect(card(page, 'Archive 2026')).toContainText('299 file(s), 1 folder(s)');
    await expect(card(page, 'Client archive')).toHaveCount(0);

    // Dragged onto Projects, with everything in it.
    await card(page, 'Archive 2026').dragTo(card(page, 'Projects'));
    await expect(toastWith(page, 'Folder moved successfully')).toBeVisible();
    await expect(card(page, 'Archive 2026')).toHaveCount(0);
    await expect(card(page, 'Projects')).toContainText('0 file(s), 1 folder(s)');
    await card(page, 'Projects').getByRole('link', { name: 'Projects' }).click();
    await expect(card(page, 'Archive 2026')).toContainText('299 file(s), 1 folder(s)');

    // Move to…: neither the folder nor Scans inside it is offered; Documents is.
    await chooseFromMenu(page, 'Archive 2026', 'Move to…');
    const move = page.getByRole('dialog', { name: 'Move to…' });
    await move.getByLabel('Folder').click();
    await expect(move.getByRole('option', { name: 'Documents', exact: true })).toBeVisible();
    await expect(move.getByRole('option', { name: /Archive 2026/ })).toHaveCount(0);
    await move.getByLabel('Search folders').fill('Scans');
    await expect(move.getByText('No folder matches “Scans”.')).toBeVisible();
    await move.getByLabel('Search folders').fill('Documents');
    await move.getByRole('option', { name: 'Documents', exact: true }).click();
    await move.getByRole('button', { name: 'Move' }).click();
    await expect(move).toBeHidden();
    // The drag's toast may still be there beside this one.
    await expect(toastWith(page, 'Folder moved successfully')).not.toHaveCount(0);
    await expect(card(page, 'Archive 2026')).toHaveCount(0);

    await page.getByRole('link', { name: 'Back to Files' }).click();
    await card(page, 'Documents').getByRole('link', { name: 'Documents' }).click();
    await card(page, 'Archive 2026').getByRole('link', { name: 'Archive 2026' }).click();
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs.getByText('Archive 2026')).toHaveAttribute('aria-current', 'page');
    await expect(crumbs.getByRole('link', { name: 'Documents' })).toBeVisible();
    await expect(card(page, 'Invoice 299.pdf')).toBeVisible();
    expect(await contents()).toEqual(all);
  });

  test('a file is renamed with its name selected up to the extension; a name another file there has is refused in the dialog', async ({ page }) => {
    await startAsNewUser(page);
    await uploadThroughDialog(page, [textFile('draft.final.pdf', 64, 'application/pdf'), textFile('Summary.pdf', 64, 'application/pdf')]);
    await expect(toastWith(page, '2 file(s) uploaded successfully')).toBeVisible();

    await chooseFromMenu(page, 'draft.final.pdf', 'Rename');
    const rename = page.getByRole('dialog', { name: 'Rename' });
    await expect(rename.getByLabel('Name')).toBeFocused();
    await page.keyboard.type('summary');
    await expect(rename.getByLabel('Name')).toHaveValue('summary.pdf');
    await page.keyboard.press('Enter');
    await expect(rename.getByText('A file named "summary.pdf" already exists here. Choose another name.')).toBeVisible();
    await rename.getByLabel('Name').fill('Summary 2026.pdf');
    await rename.getByRole('button', { name: 'Save' }).click();
    await expect(toastWith(page, 'File renamed')).toBeVisible();
    await expect(card(page, 'Summary 2026.pdf')).toBeVisible();
    await expect(card(page, 'draft.final.pdf')).toHaveCount(0);
  });

  test('the six sort orders reorder the cards, and Reset returns to newest first', async ({ page }) => {
    await startAsNewUser(page);
    await page.getByRole('button', { name: 'New Folder' }).click();
    await page.getByLabel('Folder Name').fill('Sorting');
    await page.getByLabel('Folder Name').press('Enter');
    await card(page, 'Sorting').getByRole('link', { name: 'Sorting' }).click();
    await expect(page.getByText('No files in this folder')).toBeVisible();
    // One at a time, so "newest" has an order to show.
    for (const [name, size] of [
      ['b-medium.txt', 2048],
      ['c-small.txt', 100],
      ['a-large.txt', 4096],
    ] as const) {
      await uploadThroughDialog(page, [textFile(name, size)]);
      await expect(toastWith(page, '1 file(s) uploaded successfully').first()).toBeVisible();
      await expect(card(page, name)).toBeVisible();
    }
    const names = () => page.getByRole('list', { name: 'Files' }).getByRole('heading').allInnerTexts();
    const sortBy = async (label: string) => {
      await page.getByRole('combobox', { name: 'Sort by' }).click();
      await page.getByRole('option', { name: label }).click();
    };

    await expect.poll(names).toEqual(['a-large.txt', 'c-small.txt', 'b-medium.txt']);
    await expect(page.getByRole('button', { name: 'Reset' })).toHaveCount(0);
    await sortBy('Oldest first');
    await expect.poll(names).toEqual(['b-medium.txt', 'c-small.txt', 'a-large.txt']);
    await sortBy('Name (A-Z)');
    await expect.poll(names).toEqual(['a-large.txt', 'b-medium.txt', 'c-small.txt']);
    await sortBy('Name (Z-A)');
    await expect.poll(names).toEqual(['c-small.txt', 'b-medium.txt', 'a-large.txt']);
    await sortBy('Size (smallest first)');
    await expect.poll(names).toEqual(['c-small.txt', 'b-medium.txt', 'a-large.txt']);
    await sortBy('Size (largest first)');
    await expect.poll(names).toEqual(['a-large.txt', 'b-medium.txt', 'c-small.txt']);
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect.poll(names).toEqual(['a-large.txt', 'c-small.txt', 'b-medium.txt']);
    await expect(page.getByRole('button', { name: 'Reset' })).toHaveCount(0);
  });
});

test.describe('a folder of any size', () => {
  test('a folder of 450 items says how many it shows of how many, reads on as it is scrolled until the oldest is on screen, and keeps the view on the same cards as items arrive above them', async ({
    page,
  }) => {
    // 450 folders made one request at a time take a while on a busy machine.
    test.setTimeout(120_000);
    const user = await startAsNewUser(page);
    const headers = { authorization: `Bearer ${user.accessToken}` };
    const big = (await (await page.request.post('/api/folders', { data: { name: 'Scans', parentId: 'root' }, headers })).json()) as { id: string };
    for (let i = 0; i < 450; i++) {
      const made = await page.request.post('/api/folders', { data: { name: `Box ${String(i).padStart(3, '0')}`, parentId: big.id }, headers });
      expect(made.status()).toBe(201);
    }
    await page.goto(`/dashboard/files/${big.id}`);
    await expect(card(page, 'Box 449')).toBeVisible();
    await expect(page.getByText('Showing 200 of 450 items')).toBeVisible();
    await expect(card(page, 'Box 000')).toHaveCount(0);
    // Scrolled to the end, the next pages come in until there are none: the oldest is reached.
    await expect(async () => {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect(card(page, 'Box 000')).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    await expect(page.getByText(/^Showing \d+ of 450 items$/)).toHaveCount(0);
    // The list holds all 450 (as it tells assistive technology), and only the cards near the screen are in the page.
    const files = page.getByRole('list', { name: 'Files' });
    await expect(files.getByRole('listitem').last()).toHaveAttribute('aria-posinset', '450');
    await expect(files.getByRole('listitem').last()).toHaveAttribute('aria-setsize', '450');
    expect(await files.getByRole('listitem').count()).toBeLessThan(150);

    // Halfway down, ten folders made elsewhere arrive above the cards on screen: the view stays on the same cards.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
    const topCard = () =>
      page.evaluate(() => {
        const cards = [...document.querySelectorAll('[role="list"][aria-label="Files"] [role="listitem"]')];
        const first = cards.find((el) => el.getBoundingClientRect().top >= 0)!;
        return { text: first.textContent, top: Math.round(first.getBoundingClientRect().top), place: Number(first.getAttribute('aria-posinset')) };
      });
    const before = await topCard();
    for (let i = 0; i < 10; i++) {
      expect((await page.request.post('/api/folders', { data: { name: `Late box ${i}`, parentId: big.id }, headers })).status()).toBe(201);
    }
    await expect(files.getByRole('listitem').last()).toHaveAttribute('aria-setsize', '460');
    const same = files.getByRole('listitem').filter({ hasText: before.text! });
    await expect(same).toHaveAttribute('aria-posinset', String(before.place + 10));
    // The ten arrive one push at a time: the view settles on the card once the last one is in.
    await expect.poll(async () => Math.abs((await same.evaluate((el) => Math.round(el.getBoundingClientRect().top))) - before.top)).toBeLessThanOrEqual(2);

    // Back at the top, the newest is there again.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(card(page, 'Late box 9')).toBeVisible();
    await expect(card(page, 'Box 449')).toBeVisible();
  });
});

test.describe('trash', () => {
  test('a folder with contents refuses deletion; files go to the trash, come back, and are deleted forever', async ({ page }) => {
    await startAsNewUser(page);
    await uploadThroughDialog(page, [textFile('keep.txt', 3 * 1024), textFile('drop.txt', 1024)], { folder: 'Projects' });
    await expect(toastWith(page, '2 file(s) uploaded successfully')).toBeVisible();
    await expect(storageLine(page)).toHaveText('4 KB of 10 GB used');

    await chooseFromMenu(page, 'Projects', 'Delete');
    await expect(toastWith(page, 'Failed to move to trash')).toContainText('Cannot delete folder with contents. Please empty the folder first.');
    await expect(card(page, 'Projects')).toContainText('2 file(s), 0 folder(s)');

    await card(page, 'Projects').getByRole('link', { name: 'Projects' }).click();
    await chooseFromMenu(page, 'drop.txt', 'Delete');
    await expect(toastWith(page, 'File moved to trash')).toBeVisible();
    await chooseFromMenu(page, 'keep.txt', 'Delete');
    await expect(card(page, 'keep.txt')).toHaveCount(0);
    await expect(page.getByText('No files in this folder')).toBeVisible();

    const nav = page.getByRole('navigation', { name: 'Dashboard' });
    await nav.getByRole('link', { name: 'Trash' }).click();
    await expect(page).toHaveURL(/\/dashboard\/trash$/);
    await expect(page.getByText('Deleted files (30 days)')).toBeVisible();
    await chooseFromMenu(page, 'keep.txt', 'Restore');
    await expect(card(page, 'keep.txt')).toHaveCount(0);

    await chooseFromMenu(page, 'drop.txt', 'Delete forever');
    await page.getByRole('dialog', { name: 'Delete forever?' }).getByRole('button', { name: 'Delete forever' }).click();
    await expect(page.getByText('Trash is empty')).toBeVisible();
    await expect(storageLine(page)).toHaveText('3 KB of 10 GB used');

    // Now empty, the folder can go, and Empty trash clears it for good.
    await nav.getByRole('link', { name: 'Files' }).click();
    await card(page, 'Projects').getByRole('link', { name: 'Projects' }).click();
    await chooseFromMenu(page, 'keep.txt', 'Delete');
    await page.getByRole('link', { name: 'Back to Files' }).click();
    await chooseFromMenu(page, 'Projects', 'Delete');
    await expect(toastWith(page, 'Folder moved to trash')).toBeVisible();
    await nav.getByRole('link', { name: 'Trash' }).click();
    await expect(card(page, 'Projects')).toBeVisible();
    await page.getByRole('button', { name: 'Empty trash' }).click();
    await page.getByRole('dialog', { name: 'Empty trash?' }).getByRole('button', { name: 'Empty trash' }).click();
    await expect(page.getByText('Trash is empty')).toBeVisible();
    await expect(storageLine(page)).toHaveText('0 B of 10 GB used');
  });
});

test.describe('live updates', () => {
  test('a second browser signed in as the same user sees an upload, a move and a trashing within a second, its list updated in place', async ({
    page,
    browser,
  }) => {
    const user = await startAsNewUser(page);

    const second = await browser.newContext({ baseURL: appUrl() });
    try {
      const signIn = await second.request.post('/api/auth/sign-in', { data: { email: user.email, password: user.password } });
      expect(signIn.ok()).toBe(true);
      const other = await second.newPage();
      await other.goto('/dashboard');
      await expect(card(other, 'Documents')).toBeVisible();
      await expect(storageLine(other)).toHaveText('0 B of 10 GB used');

      // Each push updates the second browser's list in place: it is not read again (only a folder card whose count changed is).
      const listReads: string[] = [];
      other.on('request', (r) => new URL(r.url()).pathname === '/api/files' && listReads.push(r.url()));

      await uploadThroughDialog(page, [textFile('live.txt', 2048)]);
      await expect(toastWith(page, '1 file(s) uploaded successfully')).toBeVisible();
      await expect(card(other, 'live.txt')).toBeVisible({ timeout: 1500 });
      // Newest first, as the list is ordered: before the four folders made at sign-up.
      await expect(other.getByRole('list', { name: 'Files' }).getByRole('heading').first()).toHaveText('live.txt');
      await expect(storageLine(other)).toHaveText('2 KB of 10 GB used');
      expect(listReads).toEqual([]);

      await chooseFromMenu(page, 'live.txt', 'Move to…');
      const move = page.getByRole('dialog', { name: 'Move to…' });
      await move.getByLabel('Folder').click();
      await page.getByRole('option', { name: 'Invoices', exact: true }).click();
      await move.getByRole('button', { name: 'Move' }).click();
      await expect(card(other, 'live.txt')).toHaveCount(0, { timeout: 1500 });
      // The folder's card counts what it holds (that card is read again).
      await expect(card(other, 'Invoices')).toContainText('1 file(s), 0 folder(s)');

      await card(other, 'Invoices').getByRole('link', { name: 'Invoices' }).click();
      await expect(card(other, 'live.txt')).toBeVisible();
      const readsInInvoices = listReads.length;
      await page.goto('/dashboard/recent');
      await chooseFromMenu(page, 'live.txt', 'Delete');
      await expect(card(other, 'live.txt')).toHaveCount(0, { timeout: 1500 });
      await expect(other.getByText('No files in this folder')).toBeVisible();
      expect(listReads.filter((url) => !url.includes('view=recent')).length).toBe(readsInInvoices);
    } finally {
      await second.close();
    }
  });
});
