import { expect, test, type Page } from '@playwright/test';
import type { ListFilesReply } from '@coffer/contracts';
import { signUpThroughApi } from './support/session';
import { card, textFile, uploadThroughApi } from './support/files';

/**
 * Issue 31, everyday file work: a file opens by a click on its card or by the keyboard alone, a folder by a
 * click; the list view (name, size, modified, added by) is the person's choice, kept on the server, so it
 * is there again after a reload and in another browser; the top bar searches as the person types, each
 * result saying which folder it is in. With COFFER_SHOTS=<dir>, the grid, the list and the search are
 * saved there at 1280 and 360 px to look at.
 */

const appUrl = () => process.env.COFFER_TEST_APP_URL;

async function newUser(page: Page) {
  const user = await signUpThroughApi(page, appUrl());
  const headers = { authorization: `Bearer ${user.accessToken}` };
  const root = (await (await page.request.get('/api/files?folder=root', { headers })).json()) as ListFilesReply;
  const folder = (name: string) => root.items.find((i) => i.name === name)!.id;
  return { user, headers, folder };
}

async function shot(page: Page, name: string) {
  const dir = process.env.COFFER_SHOTS;
  if (!dir) return;
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('a file opens with a click on its card and with the keyboard alone (Tab to it, Enter); a folder opens with a click', async ({ page }) => {
  const { user, folder } = await newUser(page);
  await uploadThroughApi(page.request, user.accessToken, textFile('meeting-notes.txt', 300));
  await page.goto('/dashboard/files');

  // A click in the middle of the card, away from its menu.
  await card(page, 'meeting-notes.txt').click();
  // Behind the modal preview the toasts are out of the accessibility tree: found by their text.
  await expect(page.getByText('Opening file', { exact: true })).toBeVisible();
  const preview = page.getByRole('dialog', { name: 'meeting-notes.txt' });
  await expect(preview.getByLabel('Contents of meeting-notes.txt')).toContainText('meeting-notes.txt');
  await shot(page, 'opening-file');
  await page.keyboard.press('Escape');
  await expect(preview).toBeHidden();

  // The keyboard alone: Tab from the top of the page until the card has the focus, then Enter.
  await page.goto('/dashboard/files');
  await expect(card(page, 'meeting-notes.txt')).toBeVisible();
  const opener = card(page, 'meeting-notes.txt').getByRole('button', { name: 'meeting-notes.txt', exact: true });
  for (let presses = 0; presses < 60 && !(await opener.evaluate((el) => el === document.activeElement)); presses++) await page.keyboard.press('Tab');
  await expect(opener).toBeFocused();
  // The focus shows: a ring around the card.
  expect(await opener.evaluate((el) => getComputedStyle(el, '::after').boxShadow)).not.toBe('none');
  await page.keyboard.press('Enter');
  await expect(preview.getByLabel('Contents of meeting-notes.txt')).toContainText('meeting-notes.txt');
  await page.keyboard.press('Escape');
  await expect(preview).toBeHidden();

  await card(page, 'Invoices').click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/files/${folder('Invoices')}$`));
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Invoices');
});

test('the list view shows name, size, modified and who added each item, and stays the person’s choice after a reload and in another browser', async ({
  page,
  browser,
}) => {
  const { user, folder } = await newUser(page);
  await uploadThroughApi(page.request, user.accessToken, textFile('budget-2027.txt', 2048), folder('Documents'));
  await page.goto(`/dashboard/files/${folder('Documents')}`);
  await expect(card(page, 'budget-2027.txt')).toBeVisible();
  await shot(page, 'grid');

  await page.getByRole('button', { name: 'List view' }).click();
  const list = page.getByRole('table', { name: 'Files' });
  const row = list.getByRole('row', { name: 'Document budget-2027.txt' });
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell')).toHaveText(['budget-2027.txt', '2 KB', /\d{4}/, user.fullName, '']);
  await expect(page.getByRole('button', { name: 'List view' })).toHaveAttribute('aria-pressed', 'true');
  await shot(page, 'list');

  // A row opens as its card does, and has the card's menu.
  await row.getByRole('button', { name: 'budget-2027.txt', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'budget-2027.txt' })).toBeVisible();
  await page.keyboard.press('Escape');
  await row.getByRole('button', { name: 'Actions for budget-2027.txt' }).click();
  await expect(page.getByRole('menuitem', { name: 'Move to…' })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.reload();
  await expect(list.getByRole('row', { name: 'Document budget-2027.txt' })).toBeVisible();

  // Another browser of the same person: the server keeps the choice.
  const other = await browser.newContext({ baseURL: appUrl() });
  try {
    const otherPage = await other.newPage();
    expect((await otherPage.request.post('/api/auth/sign-in', { data: { email: user.email, password: user.password } })).status()).toBe(200);
    await otherPage.goto(`/dashboard/files/${folder('Documents')}`);
    await expect(otherPage.getByRole('table', { name: 'Files' }).getByRole('row', { name: 'Document budget-2027.txt' })).toBeVisible();
    await expect(otherPage.getByRole('button', { name: 'List view' })).toHaveAttribute('aria-pressed', 'true');
  } finally {
    await other.close();
  }

  // The row's Delete, with the spec's toast (on a phone over the top bar, never over the list).
  await list.getByRole('row', { name: 'Document budget-2027.txt' }).getByRole('button', { name: 'Actions for budget-2027.txt' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await expect(page.getByText('File moved to trash', { exact: true })).toBeVisible();
  await expect(list.getByRole('row', { name: 'Document budget-2027.txt' })).toBeHidden();
  await shot(page, 'toast');

  await page.getByRole('button', { name: 'Grid view' }).click();
  await expect(page.getByText('No files in this folder')).toBeVisible();
});

test('the top bar searches as the person types, each result saying which folder it is in', async ({ page }) => {
  const { user, folder } = await newUser(page);
  await uploadThroughApi(page.request, user.accessToken, textFile('quarterly-figures.txt', 1024), folder('Invoices'));
  await uploadThroughApi(page.request, user.accessToken, textFile('quarterly-plan.txt', 1024));
  await page.goto('/dashboard/files');

  // Typed, never submitted.
  await page.getByRole('searchbox', { name: 'Search files' }).pressSequentially('quarterly');
  await expect(page).toHaveURL(/\/dashboard\/search\?q=quarterly$/);
  const results = page.getByRole('list', { name: 'Search results' });
  await expect(card(page, 'quarterly-figures.txt')).toContainText('in Invoices');
  await expect(card(page, 'quarterly-plan.txt')).toContainText('in My files');
  await expect(results.getByRole('listitem')).toHaveCount(2);
  await shot(page, 'search');

  await page.getByRole('searchbox', { name: 'Search files' }).pressSequentially('-f');
  await expect(page).toHaveURL(/\/dashboard\/search\?q=quarterly-f$/);
  await expect(results.getByRole('listitem')).toHaveCount(1);
  await expect(card(page, 'quarterly-figures.txt')).toBeVisible();
});

test('on a 360 px phone a toast sits over the top bar, the newest alone, never over the files', async ({ page }) => {
  const { user } = await newUser(page);
  await uploadThroughApi(page.request, user.accessToken, textFile('first-draft.txt', 100));
  await uploadThroughApi(page.request, user.accessToken, textFile('second-draft.txt', 100));
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/dashboard/files');
  const topBar = page.locator('header').first();
  await expect(card(page, 'second-draft.txt')).toBeVisible();

  const trash = async (name: string) => {
    await card(page, name)
      .getByRole('button', { name: `Actions for ${name}` })
      .click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await expect(card(page, name)).toBeHidden();
  };
  const toasts = page.getByRole('region', { name: /Notifications/ }).getByRole('listitem');
  await trash('first-draft.txt');
  await expect(toasts.filter({ hasText: 'File moved to trash' })).toBeVisible();
  // Measured once it has slid into place (it comes in from above): its top and bottom inside the bar's.
  const bar = (await topBar.boundingBox())!;
  const shown = toasts.filter({ hasText: 'File moved to trash' });
  await expect
    .poll(async () => {
      const box = (await shown.boundingBox())!;
      return [box.y >= bar.y - 0.5, box.y + box.height <= bar.y + bar.height + 0.5];
    })
    .toEqual([true, true]);

  // A second toast replaces the first on screen (both are still read out by the live region).
  await trash('second-draft.txt');
  await expect(toasts.filter({ visible: true })).toHaveCount(1);
  await expect(toasts.filter({ visible: true })).toContainText('File moved to trash');
  await shot(page, 'phone-toast');
});
