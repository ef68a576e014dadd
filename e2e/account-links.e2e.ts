import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { testDataDir } from '../deploy/local/stack.mjs';
import { expectNoSeriousA11yViolations } from './support/axe';
import { textFile, toastWith, uploadThroughApi } from './support/files';
import { brandedProOwner, signUpThroughApi } from './support/session';

const appUrl = () => process.env.COFFER_TEST_APP_URL;
/** Where the screenshots of the screens this test walks through are kept, to be looked at. */
const shots = path.join(testDataDir(), 'screenshots', 'account-links');

test.describe("the account's links (Settings → Security)", () => {
  test('an owner reviews every active link and file request, a page at a time, revokes one, and exports them all as CSV', async ({ page }) => {
    fs.mkdirSync(shots, { recursive: true });
    const { owner, headers } = await brandedProOwner(page, appUrl());
    const fileId = await uploadThroughApi(page.request, owner.accessToken, textFile('Price list.txt', 200));
    for (let i = 0; i < 51; i++) expect((await page.request.post('/api/links', { data: { fileId }, headers })).status()).toBe(201);
    const restricted = { fileId, password: 'a long secret', allowedIps: ['10.0.0.0/8'], maxDownloads: 5, expiresInDays: 7 };
    expect((await page.request.post('/api/links', { data: restricted, headers })).status()).toBe(201);
    const request = { folderId: 'root', title: 'Your signed contract', maxBytes: 5 * 1024 ** 2 };
    expect((await page.request.post('/api/file-requests', { data: request, headers })).status()).toBe(201);

    await page.goto('/dashboard/settings/security');
    const first = page.getByRole('list', { name: 'Active links' });
    await expect(first.getByRole('listitem')).toHaveCount(50);
    const newest = first.getByRole('listitem').first();
    await expect(newest).toContainText('File request');
    await expect(newest).toContainText('My files');
    await expect(newest).toContainText('Your signed contract');
    await expect(newest).toContainText(`Made by ${owner.fullName}`);
    await expect(newest).toContainText('Restrictions: Files up to 5MB');
    await expect(newest).toContainText('0 files received');
    const second = first.getByRole('listitem').nth(1);
    await expect(second).toContainText('File link');
    await expect(second).toContainText('Restrictions: Password · 1 IP address · Up to 5 downloads');
    await expect(second).toContainText('0 opens · 0 downloads');
    await expect(second).toContainText(/Expires \w+ \d+, \d{4}/);
    await expectNoSeriousA11yViolations(page, 'Settings → Security with the Links list');
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 900 });
      await second.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(shots, `links-card-${width}.png`) });
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.getByRole('button', { name: 'Show more' }).click();
    await expect(page.getByRole('list', { name: 'More links' }).getByRole('listitem')).toHaveCount(3);
    await expect(page.getByRole('button', { name: 'Show more' })).toHaveCount(0);

    await second.getByRole('button', { name: 'Revoke file link to Price list.txt' }).click();
    await expect(toastWith(page, 'Link revoked')).toBeVisible();
    await expect(page.getByText('Password · 1 IP address')).toHaveCount(0);
    const listed = await (await page.request.get('/api/account-links?limit=500', { headers })).json();
    expect(listed.items).toHaveLength(52);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const saved = await download;
    expect(saved.suggestedFilename()).toMatch(/^coffer-links-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = fs
      .readFileSync(await saved.path(), 'utf8')
      .trim()
      .split('\r\n');
    expect(csv[0]).toBe('Type,Item,Title,Made by,Created,Expires,Restrictions,Allowed IP addresses,Opens,Downloads,Files received');
    expect(csv).toHaveLength(53);
  });

  test('an owner on Starter, a plan without the Permissions tab, still finds the links made in the account under Security', async ({ page }) => {
    fs.mkdirSync(shots, { recursive: true });
    const owner = await signUpThroughApi(page, appUrl());
    const headers = { authorization: `Bearer ${owner.accessToken}` };
    expect((await page.request.post('/api/subscription/trial', { data: { plan: 'starter' }, headers })).status()).toBe(201);
    const fileId = await uploadThroughApi(page.request, owner.accessToken, textFile('Menu.txt', 100));
    expect((await page.request.post('/api/links', { data: { fileId }, headers })).status()).toBe(201);

    await page.goto('/dashboard/settings/security');
    await expect(page.getByRole('tab', { name: 'Security', selected: true })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Permissions' })).toHaveCount(0);
    const links = page.getByRole('list', { name: 'Active links' });
    await expect(links.getByRole('listitem')).toHaveCount(1);
    await expect(links.getByRole('listitem').first()).toContainText('File link');
    await expect(links.getByRole('listitem').first()).toContainText('Menu.txt');
    await expectNoSeriousA11yViolations(page, 'Settings → Security on Starter with the Links list');
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 900 });
      await links.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(shots, `starter-security-${width}.png`) });
    }
  });
});
