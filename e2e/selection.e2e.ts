import { expect, test, type Page } from '@playwright/test';
import { signUpThroughApi } from './support/session';
import fs from 'node:fs';
import { unzip } from '../gateway/test/unzip';
import { card, shoot, textFile, toastWith, uploadThroughApi } from './support/files';

const appUrl = () => process.env.COFFER_TEST_APP_URL;
const ITEMS = 2500;
/** Folder paths one request makes (the API's FOLDER_PATHS_MAX). */
const FOLDER_PATHS_MAX = 1000;
const nameOf = (n: number) => `Item ${String(n).padStart(4, '0')}`;

/** The files inside the first three items: the zip of the selection carries their bytes. */
const INSIDE = [1, 2, 3].map((n) => textFile(`notes-${n}.txt`, 1000 + n));

/**
 * A folder "Big" of 2,500 items and an empty "Sorted", made through the API: the items in a few requests of 1,000
 * folder paths each; the first three hold a file each.
 */
async function seedBigFolder(page: Page) {
  const user = await signUpThroughApi(page, appUrl());
  const headers = { authorization: `Bearer ${user.accessToken}` };
  const folder = async (name: string, parentId = 'root') => {
    const res = await page.request.post('/api/folders', { data: { name, parentId }, headers });
    expect(res.status()).toBe(201);
    return ((await res.json()) as { id: string }).id;
  };
  const [big, sorted] = [await folder('Big'), await folder('Sorted')];
  const made: string[] = [];
  for (let start = 1; start <= ITEMS; start += FOLDER_PATHS_MAX) {
    const paths = Array.from({ length: Math.min(FOLDER_PATHS_MAX, ITEMS - start + 1) }, (_, i) => [nameOf(start + i)]);
    const res = await page.request.post('/api/folder-paths', { data: { parentId: big, paths }, headers });
    expect(res.status()).toBe(200);
    made.push(...((await res.json()) as { folderIds: string[] }).folderIds);
  }
  expect(new Set(made).size).toBe(ITEMS);
  for (const [i, file] of INSIDE.entries()) await uploadThroughApi(page.request, user.accessToken, file, made[i]);
  return { big, sorted };
}

/** Scrolls the page down until `name`'s checkbox is on screen (the grid reads pages and renders rows as they are reached). */
async function scrollTo(page: Page, name: string) {
  const checkbox = page.getByRole('checkbox', { name: `Select ${name}`, exact: true });
  for (let step = 0; step < 200 && !(await checkbox.isVisible()); step++) await page.mouse.wheel(0, 1200);
  await checkbox.scrollIntoViewIfNeeded();
  return checkbox;
}

test('300 of a folder of 2,500 selected with a click and a shift-click and moved; Select all counts all 2,200 left; trashed and restored from the bar', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const { big } = await seedBigFolder(page);
  await page.goto(`/dashboard/files/${big}?sort=name-asc`);
  await expect(card(page, nameOf(1))).toBeVisible({ timeout: 60_000 });

  // A click on the first, a shift-click on the 300th, far below.
  await card(page, nameOf(1)).hover();
  await page.getByRole('checkbox', { name: `Select ${nameOf(1)}`, exact: true }).click();
  const bar = page.getByRole('toolbar', { name: 'Selection' });
  await expect(bar.getByText('1 selected')).toBeVisible();
  await (await scrollTo(page, nameOf(300))).click({ modifiers: ['Shift'] });
  await expect(bar.getByText('300 selected')).toBeVisible();
  await expect(bar).toBeInViewport();
  await shoot(page, 'selection-300');

  await bar.getByRole('button', { name: 'Move' }).click();
  const dialog = page.getByRole('dialog', { name: 'Move to…' });
  await expect(dialog.getByText('Choose the folder for 300 items.')).toBeVisible();
  await dialog.getByLabel('Folder').click();
  await dialog.getByLabel('Search folders').fill('Sorted');
  await expect(dialog.getByRole('option')).toHaveText(['Sorted']);
  await dialog.getByRole('option', { name: 'Sorted' }).click();
  await expect(dialog.getByLabel('Folder')).toHaveText('Sorted');
  await dialog.getByRole('button', { name: 'Move' }).click();
  await expect(toastWith(page, '300 items moved')).toBeVisible();
  await expect(bar).toBeHidden();

  // Big holds the 2,200 left, from Item 0301 on; Select all counts every one, loaded or not.
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(card(page, nameOf(301))).toBeVisible();
  await expect(card(page, nameOf(300))).toHaveCount(0);
  await page.getByRole('button', { name: 'Select all' }).click();
  await expect(bar.getByText('2,200 selected')).toBeVisible();
  await bar.getByRole('button', { name: 'Clear' }).click();
  await expect(bar).toBeHidden();

  await page.goto('/dashboard/files');
  await expect(card(page, 'Big')).toContainText(/2,?200 folder/);
  await expect(card(page, 'Sorted')).toContainText(/\b300 folder/);

  // Sorted: all 300 as a zip, then to the trash from the bar, then back from the Trash's bar.
  await card(page, 'Sorted').getByRole('link', { name: 'Sorted' }).click();
  await expect(page.getByRole('list', { name: 'Files' }).getByRole('group').first()).toBeVisible();
  await page.getByRole('button', { name: 'Select all' }).click();
  await expect(bar.getByText('300 selected')).toBeVisible();
  // The 300 as one zip: a folder entry each, the three files inside with their bytes.
  const [download] = await Promise.all([page.waitForEvent('download'), bar.getByRole('button', { name: 'Download' }).click()]);
  const { entries } = await unzip(fs.readFileSync(await download.path()));
  const folders = Array.from({ length: 300 }, (_, i) => `${nameOf(i + 1)}/`);
  const files = INSIDE.map((f, i) => `${nameOf(i + 1)}/${f.name}`);
  expect(entries.map((e) => e.path).sort()).toEqual([...folders, ...files].sort());
  for (const [i, f] of INSIDE.entries()) expect(entries.find((e) => e.path === files[i])?.bytes.equals(f.buffer)).toBe(true);
  await bar.getByRole('button', { name: 'Trash' }).click();
  // The three folders holding a file stay (a folder with something in it is not trashed): the toast says which.
  await expect(toastWith(page, '297 items moved to trash')).toContainText('3 items could not be moved to trash');
  await expect(page.getByRole('list', { name: 'Files' }).getByRole('group')).toHaveCount(3);

  await page.goto('/dashboard/trash');
  await expect(page.getByRole('list', { name: 'Trash' }).getByRole('group').first()).toBeVisible();
  await page.getByRole('button', { name: 'Select all' }).click();
  await expect(bar.getByText('297 selected')).toBeVisible();
  await bar.getByRole('button', { name: 'Restore' }).click();
  await expect(toastWith(page, '297 items restored')).toBeVisible();
  await expect(page.getByText('Trash is empty')).toBeVisible();
  await page.goto('/dashboard/files');
  await expect(card(page, 'Sorted')).toContainText(/\b300 folder/);
});
