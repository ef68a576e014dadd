import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { card, chooseFromMenu, shoot, textFile, toastWith, uploadThroughApi, uploadThroughDialog } from './support/files';
import { confirmEmail, confirmedUserIn, signUpThroughApi } from './support/session';

// Issue 30, folder shares: the owner shares "Clients" Can edit from its card; the recipient opens it under Shared
// (breadcrumbs from the shared folder), uploads into it, and the owner, looking at the folder, sees the file arrive.
// Revoked, the recipient's open folder says so at once.

test('a folder shared Can edit receives an upload from the recipient, which the owner sees; revoked, it closes at once', async ({ page, browser }) => {
  const owner = await signUpThroughApi(page, process.env.COFFER_TEST_APP_URL);
  await confirmEmail(page.request, owner.email);
  const headers = { authorization: `Bearer ${owner.accessToken}` };
  const clients = (await (await page.request.post('/api/folders', { data: { name: 'Clients', parentId: 'root' }, headers })).json()) as { id: string };
  const acme = (await (await page.request.post('/api/folders', { data: { name: 'Acme', parentId: clients.id }, headers })).json()) as { id: string };
  await uploadThroughApi(page.request, owner.accessToken, textFile('brief.txt', 2048), acme.id);

  const recipientContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const { page: other, user: recipient } = await confirmedUserIn(recipientContext);

    // The owner shares Clients from its card, Can edit.
    await page.goto('/dashboard/files');
    await chooseFromMenu(page, 'Clients', 'Share');
    const dialog = page.getByRole('dialog', { name: 'Share Folder' });
    await expect(dialog.getByText('They get an email notification and find the folder in the Shared section.')).toBeVisible();
    await dialog.getByLabel('Share with Email').fill(recipient.email);
    await dialog.getByRole('combobox', { name: 'Permission' }).click();
    await page.getByRole('option', { name: 'Can edit' }).click();
    await dialog.getByRole('button', { name: 'Share Folder' }).click();
    await expect(toastWith(page, `Folder shared with ${recipient.email}`)).toBeVisible();

    // The recipient finds it under Shared and opens it: the breadcrumbs start at Clients.
    await other.goto('/dashboard/shared');
    const shared = card(other, 'Clients');
    await expect(shared.getByText('Can edit')).toBeVisible();
    await shared.getByRole('link', { name: 'Clients' }).click();
    await expect(other).toHaveURL(new RegExp(`/dashboard/shared/${clients.id}$`));
    await card(other, 'Acme').getByRole('link', { name: 'Acme' }).click();
    const crumbs = other.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs.getByRole('listitem').filter({ hasText: /\S/ })).toHaveText(['Shared', 'Clients', 'Acme']);
    await expect(card(other, 'brief.txt')).toBeVisible();
    // Its files open and download, and offer no change.
    await other.getByRole('button', { name: 'Actions for brief.txt' }).click();
    await expect(other.getByRole('menuitem', { name: 'Download' })).toBeVisible();
    for (const name of ['Share', 'Rename', 'Move to…', 'Delete']) await expect(other.getByRole('menuitem', { name })).toHaveCount(0);
    await other.keyboard.press('Escape');

    // The owner looks at Acme while the recipient uploads into it (the top bar's Upload, into the folder they are in).
    await page.goto(`/dashboard/files/${acme.id}`);
    await expect(card(page, 'brief.txt')).toBeVisible();
    await uploadThroughDialog(other, [textFile('signed.txt', 512)]);
    await expect(toastWith(other, '1 file(s) uploaded successfully')).toBeVisible();
    await expect(card(other, 'signed.txt')).toBeVisible();
    await expect(card(page, 'signed.txt')).toBeVisible();
    await shoot(other, 'shared-folder');

    // Revoked: the recipient's open folder says so at once, and nothing of it shows.
    await page.goto('/dashboard/shared');
    await chooseFromMenu(page, 'Clients', 'Revoke');
    await expect(other.getByText('This folder is no longer shared with you')).toBeVisible();
    await expect(card(other, 'signed.txt')).toHaveCount(0);
  } finally {
    await recipientContext.close();
  }
});

test('a folder link: a visitor with no account browses the folder and its subfolder on the public page and downloads a file byte-exact', async ({
  page,
  browser,
}) => {
  const owner = await signUpThroughApi(page, process.env.COFFER_TEST_APP_URL);
  const headers = { authorization: `Bearer ${owner.accessToken}` };
  const clients = (await (await page.request.post('/api/folders', { data: { name: 'Clients', parentId: 'root' }, headers })).json()) as { id: string };
  const acme = (await (await page.request.post('/api/folders', { data: { name: 'Acme', parentId: clients.id }, headers })).json()) as { id: string };
  await uploadThroughApi(page.request, owner.accessToken, textFile('rates.txt', 300), clients.id);
  const brief = textFile('brief.txt', 2048);
  await uploadThroughApi(page.request, owner.accessToken, brief, acme.id);
  const made = await page.request.post('/api/links', { data: { fileId: clients.id }, headers });
  expect(made.status()).toBe(201);
  const { url } = (await made.json()) as { url: string };

  const visitor = await browser.newContext({ baseURL: process.env.COFFER_TEST_APP_URL, acceptDownloads: true });
  try {
    const anonymous = await visitor.newPage();
    await anonymous.goto(url);
    await expect(anonymous.getByRole('heading', { name: `${owner.fullName} shared “Clients” with you` })).toBeVisible();
    const listing = anonymous.getByRole('list', { name: 'Shared files' });
    await expect(listing.getByRole('listitem')).toHaveCount(2);
    await expect(listing.getByRole('button', { name: 'Download rates.txt' })).toBeVisible();
    await listing.getByRole('button', { name: 'Acme' }).click();
    await expect(anonymous.getByRole('navigation', { name: 'Breadcrumb' })).toHaveText(/Clients.*Acme/);
    await expect(listing.getByRole('listitem')).toHaveCount(1);
    await shoot(anonymous, 'public-folder-link');
    await expectNoSeriousA11yViolations(anonymous, 'public folder link page');

    const [download] = await Promise.all([anonymous.waitForEvent('download'), listing.getByRole('button', { name: 'Download brief.txt' }).click()]);
    expect(download.suggestedFilename()).toBe('brief.txt');
    expect(fs.readFileSync(await download.path()).equals(brief.buffer)).toBe(true);
    // Back up to the link's folder, never above it.
    await anonymous.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('button', { name: 'Clients' }).click();
    await expect(listing.getByRole('listitem')).toHaveCount(2);
  } finally {
    await visitor.close();
  }
});
