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

  // "?" lists the keys.
  await page.keyboard.press('Shift+Slash');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
  await shoot(page, 'keys-shortcuts');
});
