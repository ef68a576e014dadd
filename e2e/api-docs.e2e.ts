import { expect, test, type Page } from '@playwright/test';

/** How many areas (tags) the API document's routes fall in. */
async function openApiTagCount(page: Page): Promise<number> {
  const doc = (await (await page.request.get('/api/openapi.json')).json()) as { paths: Record<string, Record<string, { tags?: string[] }>> };
  return new Set(Object.values(doc.paths).flatMap((ops) => Object.values(ops).flatMap((op) => op.tags ?? []))).size;
}

test.describe('the API document', () => {
  test('a developer browses every route at /api/docs and tries a public one', async ({ page }) => {
    await page.goto('/api/docs');
    await expect(page.getByRole('heading', { name: /Coffer API/ })).toBeVisible();
    // Routes are grouped by area, every area listed folded; an opened area shows each route with the summary the gateway declares.
    await expect(page.locator('.opblock-tag')).toHaveCount(await openApiTagCount(page));
    await page.getByRole('link', { name: 'Files', exact: true }).click();
    await expect(page.getByRole('button', { name: /POST \/api\/folders Create a folder/ })).toBeVisible();
    await page.getByRole('link', { name: 'Shares', exact: true }).click();
    await expect(page.getByRole('button', { name: /GET \/api\/shares\/\{id\}\/link/ })).toBeVisible();

    // Open the health check and run it from the page.
    await page.getByRole('link', { name: 'Health', exact: true }).click();
    await page.getByRole('button', { name: /GET \/api\/health/ }).click();
    await page.getByRole('button', { name: 'Try it out' }).click();
    await page.getByRole('button', { name: 'Execute' }).click();
    await expect(page.locator('.live-responses-table tbody .response-col_status').first()).toHaveText(/^200/);
    await page.screenshot({ path: test.info().outputPath('api-docs.png'), fullPage: false });
  });
});
