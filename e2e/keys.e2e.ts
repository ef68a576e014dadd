import { expect, test, type Page } from '@playwright/test';
import type { ListFilesReply } from '@coffer/contracts';
import { signUpThroughApi } from './support/session';
import { card, shoot, textFile, toastWith, uploadThroughApi } from './support/files';

/**
 * Issue 31, everyday file work, the keys: with the keyboard alone a person reaches the list (Tab), moves between
 * items (arrows), opens a file and a folder (Enter), selects two items (Space) and trashes them (Delete), and renames
 * one (F2).
 */

const appUrl = () => process.env.COFFER_TEST_APP_URL;

/** The element of an item's card that takes the focus: its name's link (a folder) or button (a file). */
const opener = (page: Page, name: string) => card(page, name).locator('a[href], button:not([aria-haspopup])').first();
const focused = (page: Page, name: string) => opener(page, name).evaluate((el) => el === document.activeElement);

/** Tab from where the focus is until it is in the list of files. */
async function tabToList(page: Page) {
  const inList = () => page.evaluate(() => document.activeElement?.closest('[data-item-index]') !== null);
  for (let presses = 0; presses < 80 && !(await inList()); presses++) await page.keyboard.press('Tab');
  expect(await inList()).toBe(true);
}

/** From the first item, ArrowRight until `name` has the focus. */
async function arrowTo(page: Page, name: string) {
  await page.keyboard.press('Home');
  for (let presses = 0; presses < 30 && !(await focused(page, name)); presses++) await page.keyboard.press('ArrowRight');
  await expect(opener(page, name)).toBeFocused();
}

test('by keyboard alone: Tab to the list, arrows, Enter opens a file and a folder, Space selects two, Delete trashes them, F2 renames', async ({ page }) => {
  const user = await signUpThroughApi(page, appUrl());
  const headers = { authorization: `Bearer ${user.accessToken}` };
  const root = (await (await page.request.get('/api/files?folder=root', { headers })).json()) as ListFilesReply;
  const documents = root.items.find((i) => i.name === 'Documents')!.id;
  await uploadThroughApi(page.request, user.accessToken, textFile('meeting-notes.txt', 300));
  for (const name of ['one.txt', 'two.txt', 'three.txt']) await uploadThroughApi(page.request, user.accessToken, textFile(name, 100), documents);

  await page.goto('/dashboard/files');
  await expect(card(page, 'meeting-notes.txt')).toBeVisible();
  await tabToList(page);

  // Down moves by a row of the grid: to the item as many places on as there are cards side by side.
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowDown');
  const { index, columns } = await page.evaluate(() => {
    const items = [...document.querySelectorAll('[data-item-index]')];
    const top = items[0].getBoundingClientRect().top;
    return {
      index: Number(document.activeElement?.closest('[data-item-index]')?.getAttribute('data-item-index')),
      columns: items.filter((item) => item.getBoundingClientRect().top === top).length,
    };
  });
  expect(columns).toBeGreaterThan(1);
  expect(index).toBe(Math.min(columns, root.items.length));

  // Enter opens the file.
  await arrowTo(page, 'meeting-notes.txt');
  await page.keyboard.press('Enter');
  const preview = page.getByRole('dialog', { name: 'meeting-notes.txt' });
  await expect(preview.getByLabel('Contents of meeting-notes.txt')).toContainText('meeting-notes.txt');
  await page.keyboard.press('Escape');
  await expect(preview).toBeHidden();
  // The focus is back on the file: the keys go on from there.
  await expect(opener(page, 'meeting-notes.txt')).toBeFocused();

  // Enter on a folder goes into it.
  await tabToList(page);
  await arrowTo(page, 'Documents');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/dashboard/files/${documents}$`));
  await expect(card(page, 'three.txt')).toBeVisible();

  // Space selects two items; Delete trashes them.
  await tabToList(page);
  await arrowTo(page, 'one.txt');
  await page.keyboard.press('Space');
  await arrowTo(page, 'two.txt');
  await page.keyboard.press('Space');
  const bar = page.getByRole('toolbar', { name: 'Selection' });
  await expect(bar.getByText('2 selected')).toBeVisible();
  await shoot(page, 'keys-two-selected');
  await page.keyboard.press('Delete');
  await expect(toastWith(page, '2 items moved to trash')).toBeVisible();
  await expect(card(page, 'one.txt')).toBeHidden();
  await expect(card(page, 'two.txt')).toBeHidden();

  // F2 renames the focused item.
  await tabToList(page);
  await arrowTo(page, 'three.txt');
  await page.keyboard.press('F2');
  const rename = page.getByRole('dialog', { name: 'Rename' });
  await expect(rename.getByLabel('Name')).toBeFocused();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('three-renamed.txt');
  await page.keyboard.press('Enter');
  await expect(rename).toBeHidden();
  await expect(card(page, 'three-renamed.txt')).toBeVisible();
  await expect(opener(page, 'three-renamed.txt')).toBeFocused();

  // "?" lists the keys.
  await page.keyboard.press('Shift+Slash');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
  await shoot(page, 'keys-shortcuts');
});

const LONG = 1200;
/** Folder paths one request makes (the API's FOLDER_PATHS_MAX). */
const FOLDER_PATHS_MAX = 1000;
const itemName = (n: number) => `Item ${String(n).padStart(4, '0')}`;

/** The highest index of an item in the page (a long list renders only the rows near the screen). */
const lastRendered = (page: Page) =>
  page.evaluate(() => Math.max(...[...document.querySelectorAll('[data-item-index]')].map((e) => Number(e.getAttribute('data-item-index')))));
/** The index of the item that has the focus. */
const focusedIndex = (page: Page) => page.evaluate(() => Number(document.activeElement?.closest('[data-item-index]')?.getAttribute('data-item-index')));
/** How many cards sit side by side. */
const columnsOf = (page: Page) =>
  page.evaluate(() => {
    const items = [...document.querySelectorAll('[data-item-index]')];
    const top = items[0].getBoundingClientRect().top;
    return items.filter((item) => item.getBoundingClientRect().top === top).length;
  });

test('arrows go on past the rendered part of a folder of 1,200 items: the next item is scrolled to and focused, in the grid and the list', async ({ page }) => {
  test.setTimeout(180_000);
  const user = await signUpThroughApi(page, appUrl());
  const headers = { authorization: `Bearer ${user.accessToken}` };
  const res = await page.request.post('/api/folders', { data: { name: 'Long', parentId: 'root' }, headers });
  const long = ((await res.json()) as { id: string }).id;
  for (let start = 1; start <= LONG; start += FOLDER_PATHS_MAX) {
    const paths = Array.from({ length: Math.min(FOLDER_PATHS_MAX, LONG - start + 1) }, (_, i) => [itemName(start + i)]);
    expect((await page.request.post('/api/folder-paths', { data: { parentId: long, paths }, headers })).status()).toBe(200);
  }
  await page.goto(`/dashboard/files/${long}?sort=name-asc`);
  await expect(card(page, itemName(1))).toBeVisible({ timeout: 60_000 });

  // The grid: Down from a card of the last row rendered reaches the card under it, which was not in the page.
  const columns = await columnsOf(page);
  expect(columns).toBeGreaterThan(1);
  const last = await lastRendered(page);
  expect(await page.locator(`[data-item-index="${last + columns}"]`).count()).toBe(0);
  await opener(page, itemName(last + 1)).focus();
  await page.keyboard.press('ArrowDown');
  await expect(opener(page, itemName(last + 1 + columns))).toBeFocused();
  await expect(opener(page, itemName(last + 1 + columns))).toBeInViewport();
  // And on, row by row, far past where the page started.
  for (let presses = 0; presses < 20; presses++) await page.keyboard.press('ArrowDown');
  await expect.poll(() => focusedIndex(page)).toBe(last + 21 * columns);
  await expect(opener(page, itemName(last + 21 * columns + 1))).toBeInViewport();
  await shoot(page, 'keys-long-grid');

  // The list view: the same from the last row rendered.
  await page.getByRole('button', { name: 'List view' }).click();
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(page.getByRole('link', { name: itemName(1), exact: true })).toBeVisible();
  const lastRow = await lastRendered(page);
  expect(await page.locator(`[data-item-index="${lastRow + 1}"]`).count()).toBe(0);
  const rowOpener = (n: number) =>
    page
      .locator(`[data-item-index="${n - 1}"]`)
      .locator('a[href], button:not([aria-haspopup])')
      .first();
  await rowOpener(lastRow + 1).focus();
  await page.keyboard.press('ArrowDown');
  await expect(rowOpener(lastRow + 2)).toBeFocused();
  await expect(rowOpener(lastRow + 2)).toHaveText(itemName(lastRow + 2));
  await expect(rowOpener(lastRow + 2)).toBeInViewport();
});
