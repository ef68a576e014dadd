import { expect, test, type Page } from '@playwright/test';
import { signUpThroughApi } from './support/session';
import { card, toastWith } from './support/files';

const appUrl = () => process.env.COFFER_TEST_APP_URL;
const ITEMS = 2500;
const nameOf = (n: number) => `Item ${String(n).padStart(4, '0')}`;

/**
 * A folder "Big" of 2,500 items and an empty "Sorted", made through the API: the items are made in 10 folders at once
 * (a folder takes its new names one at a time), then moved into Big in one request.
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
  const stages = await Promise.all(Array.from({ length: 10 }, (_, s) => folder(`Stage ${s}`)));
  const made = await Promise.all(
    stages.map(async (stage, s) => {
      const ids: string[] = [];
      for (let i = 1; i <= ITEMS / stages.length; i++) ids.push(await folder(nameOf(s * (ITEMS / stages.length) + i), stage));
      return ids;
    }),
  );
  const moved = await page.request.post('/api/files/bulk/move', { data: { items: made.flat(), folderId: big }, headers });
  expect(moved.status()).toBe(200);
  expect(((await moved.json()) as { done: string[] }).done).toHaveLength(ITEMS);
  const staged = await page.request.post('/api/files/bulk/trash', { data: { items: stages }, headers });
  const trashed = (await staged.json()) as { done: string[] };
  expect(trashed.done).toHaveLength(stages.length);
  expect((await page.request.post('/api/files/bulk/delete', { data: { items: stages }, headers })).status()).toBe(200);
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
  // 2,500 folders made through the API: minutes on a busy 2-CPU machine.
  test.setTimeout(600_000);
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

  // Sorted: all 300 to the trash from the bar, then back from the Trash's bar.
  await card(page, 'Sorted').getByRole('link', { name: 'Sorted' }).click();
  await expect(page.getByRole('list', { name: 'Files' }).getByRole('group').first()).toBeVisible();
  await page.getByRole('button', { name: 'Select all' }).click();
  await expect(bar.getByText('300 selected')).toBeVisible();
  await bar.getByRole('button', { name: 'Trash' }).click();
  await expect(toastWith(page, '300 items moved to trash')).toBeVisible();
  await expect(page.getByText('No files in this folder')).toBeVisible();

  await page.goto('/dashboard/trash');
  await expect(page.getByRole('list', { name: 'Trash' }).getByRole('group').first()).toBeVisible();
  await page.getByRole('button', { name: 'Select all' }).click();
  await expect(bar.getByText('300 selected')).toBeVisible();
  await bar.getByRole('button', { name: 'Restore' }).click();
  await expect(toastWith(page, '300 items restored')).toBeVisible();
  await expect(page.getByText('Trash is empty')).toBeVisible();
  await page.goto('/dashboard/files');
  await expect(card(page, 'Sorted')).toContainText(/\b300 folder/);
});
