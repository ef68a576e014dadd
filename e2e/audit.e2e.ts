import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { chooseFromMenu, textFile, toastWith, uploadThroughDialog } from './support/files';
import { signUpThroughApi } from './support/session';

test('the audit log shows the account’s share and upload, and exports the range as a CSV download', async ({ page }) => {
  const owner = await signUpThroughApi(page);
  expect(
    (await page.request.post('/api/subscription/trial', { data: { plan: 'business' }, headers: { authorization: `Bearer ${owner.accessToken}` } })).status(),
  ).toBe(201);

  await page.goto('/dashboard');
  await uploadThroughDialog(page, [textFile('minutes.txt', 512)]);
  await expect(toastWith(page, '1 file(s) uploaded successfully')).toBeVisible();
  await chooseFromMenu(page, 'minutes.txt', 'Share');
  const dialog = page.getByRole('dialog', { name: 'Share File' });
  await dialog.getByLabel('Share with Email').fill('auditor@example.com');
  await dialog.getByRole('button', { name: 'Share File' }).click();
  await expect(toastWith(page, 'File shared with auditor@example.com')).toBeVisible();

  // The entries arrive from the events a moment after the share: the page opens once they are there.
  const headers = { authorization: `Bearer ${owner.accessToken}` };
  await expect
    .poll(async () => ((await (await page.request.get('/api/audit-logs', { headers })).json()) as { items: { action: string }[] }).items.map((e) => e.action))
    .toContain('file.share');
  await page.goto('/dashboard/settings/audit-logs');
  const log = page.getByRole('list', { name: 'Audit log' });
  const shared = log.getByRole('listitem').filter({ hasText: 'file.share' });
  await expect(shared).toContainText('file: minutes.txt, recipient: auditor@example.com');
  await expect(shared).toContainText('Erin Example');
  await expect(shared).toContainText('Just now');
  await expect(log.getByRole('listitem').filter({ hasText: 'file.upload' })).toContainText('name: minutes.txt');
  await expectNoSeriousA11yViolations(page, 'Settings → Audit Logs');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^coffer-audit-log-\d{4}-\d\d-\d\d-to-\d{4}-\d\d-\d\d\.csv$/);
  const csv = await readFile((await download.path())!, 'utf8');
  const lines = csv.trim().split('\r\n');
  expect(lines[0]).toBe('created_at,action,resource_type,resource_id,actor_id,actor_name,ip_address,user_agent,details');
  expect(lines.some((l) => l.includes(',file.share,share,') && l.includes('recipient: auditor@example.com'))).toBe(true);

  await page.setViewportSize({ width: 360, height: 740 });
  await expect(shared).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'Settings → Audit Logs at 360 px');
});
