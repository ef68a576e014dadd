import { randomUUID } from 'node:crypto';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { chooseFromMenu, textFile, toastWith, uploadThroughDialog } from './support/files';
import { expectNoSeriousA11yViolations } from './support/axe';
import { mailTo } from './support/mail';

const appUrl = () => process.env.COFFER_TEST_APP_URL;

/** Signs a user up in the context's browser (the refresh cookie lands there) and confirms their address from the email. */
async function confirmedUserIn(context: BrowserContext, fullName: string) {
  const page = await context.newPage();
  const user = { fullName, email: `e2e-${randomUUID().slice(0, 8)}@example.com`, password: `pw-${randomUUID()}` };
  expect((await page.request.post('/api/auth/sign-up', { data: user })).status()).toBe(201);
  const token = (await mailTo(page.request, user.email, 'Confirm your email address')).text.match(/verify-email\?token=([\w-]+)/)?.[1];
  expect((await page.request.post('/api/auth/email/verify', { data: { token } })).status()).toBe(204);
  return { page, user };
}

const bell = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Notifications/ });

test.describe('notifications', () => {
  test('a share reaches the recipient’s bell live; opening it tells the sharer once, and the sharer sees the open in the share’s history', async ({
    browser,
  }) => {
    const sharerContext = await browser.newContext({ baseURL: appUrl() });
    const recipientContext = await browser.newContext({ baseURL: appUrl() });
    try {
      const { page: b, user: sharer } = await confirmedUserIn(sharerContext, 'Blake Sharer');
      const { page: a, user: recipient } = await confirmedUserIn(recipientContext, 'Avery Recipient');

      // A waits on the dashboard: nothing unread, so the bell has no dot.
      await a.goto('/dashboard/notifications');
      await expect(a.getByText('No notifications yet')).toBeVisible();
      await expect(a.getByText('You have no new notifications')).toBeVisible();
      await expect(bell(a)).toHaveAccessibleName('Notifications');
      await expect(bell(a).getByTestId('unread-dot')).toHaveCount(0);

      // B shares a file with A.
      await b.goto('/dashboard');
      await uploadThroughDialog(b, [textFile('roadmap.txt', 2048)]);
      await expect(toastWith(b, '1 file(s) uploaded successfully')).toBeVisible();
      await chooseFromMenu(b, 'roadmap.txt', 'Share');
      const dialog = b.getByRole('dialog', { name: 'Share File' });
      await dialog.getByLabel('Share with Email').fill(recipient.email);
      await dialog.getByRole('button', { name: 'Share File' }).click();
      await expect(toastWith(b, `File shared with ${recipient.email}`)).toBeVisible();

      // A's bell and open notifications page update live, with no reload.
      await expect(bell(a)).toHaveAccessibleName('Notifications, 1 unread', { timeout: 5000 });
      await expect(a.getByText('You have 1 unread notification')).toBeVisible();
      const item = a.getByRole('button', { name: /^Unread:\s*New file shared with you/ });
      await expect(item).toContainText('New file shared with you');
      await expect(item).toContainText('Blake Sharer shared "roadmap.txt" with you');
      await expect(item).toContainText('Just now');
      await expectNoSeriousA11yViolations(a, 'Notifications page');

      // Clicking it marks it read: the dot goes, from the list and the bell.
      await item.click();
      await expect(a.getByText('You have no new notifications')).toBeVisible();
      await expect(a.getByRole('button', { name: /^New file shared with you/ })).toBeVisible();
      await expect(bell(a)).toHaveAccessibleName('Notifications');

      // A views the file: the share's first open.
      await a.goto('/dashboard/shared');
      await chooseFromMenu(a, 'roadmap.txt', 'View');
      await expect(a.getByRole('dialog', { name: 'roadmap.txt' }).getByLabel('Contents of roadmap.txt')).toContainText('roadmap.txt');
      await a.keyboard.press('Escape');

      // B is told once, live, and sees the open in the Share dialog's history.
      await expect(bell(b)).toHaveAccessibleName('Notifications, 1 unread', { timeout: 5000 });
      await chooseFromMenu(b, 'roadmap.txt', 'Share');
      const opens = dialog.getByRole('list', { name: `Opens by ${recipient.email}` });
      await expect(opens.getByRole('listitem')).toHaveCount(1);
      await expect(opens).toContainText('Viewed');
      await expect(opens).toContainText('Just now');
      await expect(opens).toContainText(/IP \S+/);
      await dialog.getByRole('button', { name: 'Cancel' }).click();

      await bell(b).click();
      await expect(b).toHaveURL(/\/dashboard\/notifications$/);
      await expect(b.getByText('You have 1 unread notification')).toBeVisible();
      const opened = b.getByRole('button', { name: /^Unread:\s*Your shared file was opened/ });
      await expect(opened).toContainText('Avery Recipient opened "roadmap.txt" for the first time');
      await b.getByRole('button', { name: 'Mark all as read' }).click();
      await expect(b.getByText('You have no new notifications')).toBeVisible();
      await expect(bell(b)).toHaveAccessibleName('Notifications');

      // A second open tells no one again.
      await a.goto('/dashboard/shared');
      const [download] = await Promise.all([a.waitForEvent('download'), chooseFromMenu(a, 'roadmap.txt', 'Download')]);
      expect(download.suggestedFilename()).toBe('roadmap.txt');
      await b.goto('/dashboard/files');
      await chooseFromMenu(b, 'roadmap.txt', 'Share');
      await expect(opens.getByRole('listitem')).toHaveCount(2);
      await expect(opens.getByRole('listitem').first()).toContainText('Downloaded');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(bell(b)).toHaveAccessibleName('Notifications');
    } finally {
      await sharerContext.close();
      await recipientContext.close();
    }
  });
});
