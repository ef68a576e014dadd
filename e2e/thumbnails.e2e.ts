import { expect, test, type Locator } from '@playwright/test';
import { picturePng } from '../deploy/local/test-pictures.mjs';
import { signUpThroughApi } from './support/session';
import { card, pdfFile, textFile, toastWith, uploadThroughDialog } from './support/files';
import { screens } from './support/screens';

const appUrl = () => process.env.COFFER_TEST_APP_URL;

/** The image's drawn width once it has loaded (0 while it has not, or could not be decoded). */
const drawnWidth = (image: Locator) => image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0));

test.describe('thumbnails', () => {
  test("an uploaded image's card and a PDF's show their thumbnail once it is made, without a reload; other files keep their icon", async ({ page }) => {
    await signUpThroughApi(page, appUrl());
    await page.goto('/dashboard');
    await expect(card(page, 'Documents')).toBeVisible();
    const pictures = [0, 1, 2].map((seed) => ({ name: `Harbour ${seed + 1}.png`, mimeType: 'image/png', buffer: picturePng(640, 480, seed * 40) }));
    // A letter-size page (612 x 792 points): its first page is 198 x 256 px.
    const pdf = pdfFile('Invoice.pdf');
    await uploadThroughDialog(page, [...pictures, pdf, textFile('notes.txt')]);
    await expect(toastWith(page, '5 file(s) uploaded successfully')).toBeVisible();

    // Made in the background after the upload, and shown when the server says it is there (no reload).
    for (const [file, width] of [...pictures.map((picture) => [picture, 256] as const), [pdf, 198] as const]) {
      const image = card(page, file.name).getByRole('img', { name: file.name });
      await expect(image).toBeVisible({ timeout: 30_000 });
      await expect.poll(() => drawnWidth(image)).toBe(width);
      // Its box is set before it loads: nothing moves when it arrives.
      await expect(image).toHaveAttribute('width', '40');
      await expect(image).toHaveAttribute('height', '40');
    }
    await expect(card(page, 'notes.txt').getByTestId('file-thumbnail')).toHaveCount(0);

    // Read again with the list after a reload.
    await page.reload();
    const first = card(page, 'Harbour 1.png').getByRole('img', { name: 'Harbour 1.png' });
    await expect.poll(() => drawnWidth(first)).toBe(256);
    await screens(page, 'thumbnails-folder');

    // The list view's rows show them too.
    await page.getByRole('button', { name: 'List view' }).click();
    const list = page.getByRole('table', { name: 'Files' });
    for (const [name, width] of [
      ['Harbour 1.png', 256],
      ['Invoice.pdf', 198],
    ] as const) {
      const image = list.getByRole('img', { name });
      await expect(image).toBeVisible();
      await expect.poll(() => drawnWidth(image)).toBe(width);
      await expect(image).toHaveAttribute('width', '20');
    }
    await expect(list.getByTestId('file-thumbnail')).toHaveCount(4);
  });
});
