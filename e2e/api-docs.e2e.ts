import { expect, test } from '@playwright/test';

test.describe('the API document', () => {
  test('a developer browses every route at /api/docs and tries a public one', async ({ page }) => {
    await page.goto('/api/docs');
    await expect(page.getByRole('heading', { name: /Coffer API/ })).toBeVisible();
    // Routes are grouped by area, each with the summary the gateway declares.
    await expect(page.getByRole('button', { name: /POST \/api\/folders Create a folder/ })).toBeVisible();
    await expect(page.getByRole('button', { name: /GET \/api\/shares\/\{id\}\/link/ })).toBeVisible();

    // Open the health check and run it from the page.
    await page.getByRole('button', { name: /GET \/api\/health/ }).click();
    await page.getByRole('button', { name: 'Try it out' }).click();
    await page.getByRole('button', { name: 'Execute' }).click();
    await expect(page.locator('.live-responses-table tbody .response-col_status').first()).toHaveText(/^200/);
    await page.screenshot({ path: test.info().outputPath('api-docs.png'), fullPage: false });
  });
});
