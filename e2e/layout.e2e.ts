import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signUpThroughApi } from './support/session';
import { card, chooseFromMenu, textFile, uploadThroughApi } from './support/files';
import { expectNoSeriousA11yViolations } from './support/axe';

/**
 * Every dashboard screen and dialog, at a phone's, a tablet's and a laptop's
 * width, in the light and the dark colour scheme: nothing may scroll the page
 * sideways or put a button or link outside the screen, and axe finds nothing
 * serious. With COFFER_LAYOUT_SHOTS=<dir>, each screen is also saved there as a
 * PNG to look at.
 */

const appUrl = () => process.env.COFFER_TEST_APP_URL;
const WIDTHS = [360, 768, 1280] as const;

const LONG_FOLDER = 'Quarterly reports and board presentations for the financial year 2025-2026 (final versions)';
const LONG_FILE = 'customer-contract-renewal-terms-and-conditions-signed-by-both-parties-2026-final-v3.txt';
const TRASHED_FILE = 'an-old-draft-of-the-annual-report-that-nobody-needs-anymore.txt';
const LONG_RECIPIENT = 'procurement-and-vendor-management-team@subsidiary.example-enterprise-holdings.com';

interface Seeded {
  folderId: string;
}

/** A Pro trial (every Settings tab, every share option) with a long-named folder (holding a file), file, share and trashed file. */
async function seedAccount(page: Page): Promise<Seeded> {
  const user = await signUpThroughApi(page, appUrl());
  const headers = { authorization: `Bearer ${user.accessToken}` };
  expect((await page.request.post('/api/subscription/trial', { data: { plan: 'pro' }, headers })).status()).toBe(201);
  const folder = await page.request.post('/api/folders', { data: { name: LONG_FOLDER, parentId: 'root' }, headers });
  expect(folder.status()).toBe(201);
  const folderId = ((await folder.json()) as { id: string }).id;
  await uploadThroughApi(page.request, user.accessToken, textFile('inside.txt', 256), folderId);
  const fileId = await uploadThroughApi(page.request, user.accessToken, textFile(LONG_FILE, 2048));
  expect((await page.request.post('/api/shares', { data: { fileId, email: LONG_RECIPIENT }, headers })).status()).toBe(201);
  const trashedId = await uploadThroughApi(page.request, user.accessToken, textFile(TRASHED_FILE, 512));
  expect((await page.request.post(`/api/files/${trashedId}/trash`, { headers })).ok()).toBe(true);
  return { folderId };
}

/** Waits until nothing on the page is moving (dialogs, menus and toasts have finished coming in); spinners may turn on. */
async function settled(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity).length),
    )
    .toBe(0);
}

/** A dialog's folder picker opened on the long-named folder must fit too; then the dialog is cancelled. */
async function checkFolderPicker(page: Page, dialog: Locator, name: string) {
  await dialog.getByLabel('Folder').click();
  await expect(page.getByRole('option', { name: LONG_FOLDER })).toBeVisible();
  await expectFits(page, `${name} folder picker`);
  // axe scrolls the page, which may have closed the list already (Radix closes it on scroll).
  if (await page.getByRole('listbox').isVisible()) await page.keyboard.press('Escape');
  await expect(page.getByRole('listbox')).toBeHidden();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
}

/** What sticks out of the screen sideways: the page's own width, and every visible button or link not wholly on screen. */
function offScreen(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const problems: string[] = [];
    const scrollWidth = document.scrollingElement?.scrollWidth ?? 0;
    if (scrollWidth > width) problems.push(`the page is ${scrollWidth}px wide in a ${width}px window`);
    const controls = document.querySelectorAll<HTMLElement>(
      'a[href], button, [role="button"], [role="link"], [role="tab"], [role="menuitem"], [role="option"]',
    );
    for (const control of controls) {
      const rect = control.getBoundingClientRect();
      // Screen-reader-only and hidden controls take no room on screen.
      if (rect.width <= 1 || rect.height <= 1) continue;
      if (!control.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      if (rect.left < -0.5 || rect.right > width + 0.5) {
        const name = (control.getAttribute('aria-label') ?? control.textContent ?? '').trim().slice(0, 60);
        problems.push(`${control.tagName.toLowerCase()} "${name}" spans ${Math.round(rect.left)}–${Math.round(rect.right)}px`);
      }
    }
    return problems;
  });
}

/** The checks of one screen as it is now. */
async function expectFits(page: Page, screen: string) {
  await settled(page);
  const width = page.viewportSize()!.width;
  const shots = process.env.COFFER_LAYOUT_SHOTS;
  if (shots) {
    fs.mkdirSync(shots, { recursive: true });
    const scheme = await page.evaluate(() => (matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light'));
    await page.screenshot({ path: path.join(shots, `${scheme}-${width}-${screen.replace(/\W+/g, '-')}.png`), fullPage: true });
  }
  expect(await offScreen(page), `${screen} at ${width}px`).toEqual([]);
  await expectNoSeriousA11yViolations(page, `${screen} at ${width}px`);
}

const nav = (page: Page, tab: string) => page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: tab });

async function visitPages(page: Page, { folderId }: Seeded) {
  await page.goto('/dashboard/files');
  await expect(card(page, LONG_FOLDER)).toBeVisible();
  await expect(card(page, LONG_FILE)).toBeVisible();
  await expectFits(page, 'files');

  await page.goto(`/dashboard/files/${folderId}`);
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toBeVisible();
  await expect(card(page, 'inside.txt')).toBeVisible();
  await expectFits(page, 'folder');

  await page.goto('/dashboard/recent');
  await expect(card(page, LONG_FILE)).toBeVisible();
  await expectFits(page, 'recent');

  await page.goto('/dashboard/shared');
  await expect(card(page, LONG_FILE)).toContainText(LONG_RECIPIENT);
  await expectFits(page, 'shared');

  await page.goto('/dashboard/trash');
  await expect(card(page, TRASHED_FILE)).toContainText(`deleted ${await page.evaluate(() => new Date().toLocaleDateString())}`);
  await expectFits(page, 'trash');

  await page.goto('/dashboard/search?q=contract');
  await expect(card(page, LONG_FILE)).toBeVisible();
  await expectFits(page, 'search');

  await page.goto('/dashboard/notifications');
  await expect(page.getByText('No notifications yet')).toBeVisible();
  await expectFits(page, 'notifications');

  await page.goto('/dashboard/account');
  await expect(page.getByText('14-Day Free Trial')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete Account' })).toBeVisible();
  await expectFits(page, 'account');

  for (const [id, label] of [
    ['general', 'General'],
    ['security', 'Security'],
    ['storage', 'Storage'],
    ['branding', 'Branding'],
    ['permissions', 'Permissions'],
    ['audit-logs', 'Audit Logs'],
  ]) {
    await page.goto(`/dashboard/settings/${id}`);
    await expect(page.getByRole('tab', { name: label, selected: true })).toBeVisible();
    await expect(page.getByRole('tabpanel', { name: label })).toBeVisible();
    await expect(page.getByRole('tabpanel', { name: label }).getByRole('status')).toHaveCount(0);
    await expectFits(page, `settings ${label}`);
  }

  // On its trial already, the account subscribes from checkout.
  await page.goto('/checkout?plan=pro');
  await expect(page.getByRole('button', { name: 'Subscribe', exact: true })).toBeVisible();
  await expectFits(page, 'checkout');
}

async function visitDialogs(page: Page, { folderId }: Seeded) {
  const width = page.viewportSize()!.width;
  await page.goto('/dashboard/files');
  await expect(card(page, LONG_FILE)).toBeVisible();

  if (width < 1024) {
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await expect(page.getByRole('dialog', { name: 'Navigation' }).getByRole('region', { name: 'Storage' })).toBeVisible();
    await expectFits(page, 'navigation drawer');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Navigation' })).toBeHidden();
  }

  await page.getByRole('button', { name: 'My Account' }).click();
  await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
  await expectFits(page, 'account menu');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: `Actions for ${LONG_FILE}` }).click();
  await expect(page.getByRole('menuitem', { name: 'Move to…' })).toBeVisible();
  await expectFits(page, 'card menu');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'New Folder' }).click();
  await expect(page.getByRole('dialog', { name: 'Create New Folder' })).toBeVisible();
  await expectFits(page, 'new folder dialog');
  await page.keyboard.press('Escape');

  await page.goto(`/dashboard/files/${folderId}`);
  await page.getByRole('banner').getByRole('button', { name: 'Upload' }).click();
  const upload = page.getByRole('dialog', { name: 'Upload Files' });
  await expect(upload.getByLabel('Folder')).toContainText(LONG_FOLDER);
  await upload.getByLabel('Choose files').setInputFiles([textFile(LONG_FILE, 100)]);
  await expect(upload.getByRole('list', { name: 'Chosen files' })).toContainText(LONG_FILE);
  await expectFits(page, 'upload dialog');
  await checkFolderPicker(page, upload, 'upload');

  await page.goto('/dashboard/files');
  await chooseFromMenu(page, LONG_FILE, 'Move to…');
  const move = page.getByRole('dialog', { name: /Move/ });
  await expect(move).toBeVisible();
  await expectFits(page, 'move dialog');
  await checkFolderPicker(page, move, 'move');

  await chooseFromMenu(page, LONG_FILE, 'Share');
  const share = page.getByRole('dialog', { name: 'Share File' });
  await expect(share.getByRole('region', { name: 'Shared with' })).toContainText(LONG_RECIPIENT);
  // Beside or under Change, but never off the side: scrolled to within the dialog, it is wholly on screen.
  const revoke = share.getByRole('button', { name: `Revoke access for ${LONG_RECIPIENT}` });
  await revoke.scrollIntoViewIfNeeded();
  await expect(revoke).toBeInViewport({ ratio: 1 });
  await expectFits(page, 'share dialog');
  await share.getByRole('button', { name: 'Cancel' }).click();
  await expect(share).toBeHidden();

  await chooseFromMenu(page, LONG_FILE, 'View');
  // The "Opening file" toast comes (its code loads with the first toast) and goes by itself; the dialog is checked
  // without it. Found by its text: behind the modal preview the toasts are out of the accessibility tree.
  const opening = page.getByText('Opening file', { exact: true });
  await expect(opening).toBeVisible();
  const preview = page.getByRole('dialog', { name: LONG_FILE });
  await expect(preview.getByLabel(`Contents of ${LONG_FILE}`)).toContainText(LONG_FILE);
  await expect(opening).toBeHidden();
  await expectFits(page, 'preview dialog');
  await page.keyboard.press('Escape');
  await expect(preview).toBeHidden();

  await chooseFromMenu(page, LONG_FILE, 'Versions');
  const versions = page.getByRole('dialog', { name: 'Versions' });
  await expect(versions.getByRole('listitem')).toHaveCount(1);
  await expectFits(page, 'versions dialog');
  await page.keyboard.press('Escape');
  await expect(versions).toBeHidden();

  await page.goto('/dashboard/account');
  await page.getByRole('button', { name: 'Invite Member' }).click();
  await expect(page.getByRole('dialog', { name: 'Invite Team Member' })).toBeVisible();
  await expectFits(page, 'invite dialog');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Email Preferences' }).click();
  await expect(page.getByRole('dialog', { name: 'Email Preferences' })).toBeVisible();
  await expectFits(page, 'email preferences dialog');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Delete Account' }).click();
  await expect(page.getByRole('dialog', { name: 'Delete Account' })).toBeVisible();
  await expectFits(page, 'delete account dialog');
  await page.keyboard.press('Escape');

  await page.goto('/dashboard/settings/security');
  await page.getByLabel('Enable Two-Factor Authentication').click();
  const twoFactor = page.getByRole('dialog', { name: 'Set Up Two-Factor Authentication' });
  await twoFactor.getByRole('button', { name: 'Begin Setup' }).click();
  const secret = twoFactor.getByRole('textbox', { name: 'Secret key' });
  await expect(secret).not.toHaveValue('');
  // The whole secret shows: its field is as wide and as tall as its text.
  expect(await secret.evaluate((el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight)).toBe(true);
  await expectFits(page, 'two-factor setup dialog');
  await page.keyboard.press('Escape');
}

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`every dashboard screen fits, ${colorScheme}`, () => {
    // Still screens (reduced motion, set for every e2e in playwright.config.ts): axe never measures a toast or a
    // dialog part-way through fading in.
    test.use({ colorScheme });
    // Many screens, each with axe: longer than one scenario.
    test.describe.configure({ timeout: 240_000 });
    test.use({ actionTimeout: 15_000 });

    for (const width of WIDTHS) {
      test(`the pages at ${width}px`, async ({ page }) => {
        await page.setViewportSize({ width, height: 800 });
        await visitPages(page, await seedAccount(page));
      });

      test(`the dialogs and menus at ${width}px`, async ({ page }) => {
        await page.setViewportSize({ width, height: 800 });
        await visitDialogs(page, await seedAccount(page));
      });
    }
  });
}
