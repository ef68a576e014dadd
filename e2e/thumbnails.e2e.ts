import { expect, test, type Locator } from '@playwright/test';
import { picturePng } from '../deploy/local/test-pictures.mjs';
import { signUpThroughApi } from './support/session';
import { card, textFile, toastWith, uploadThroughDialog } from './support/files';
import { screens } from './support/screens';

const appUrl = () => process.env.COFFER_TEST_APP_URL;

/** The image's drawn width once it has loaded (0 while it has not, or could not be decoded). */
const drawnWidth = (image: Locator) => image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0));

test.describe('thumbnails', () => {
  test("an uploaded image's card shows its thumbnail once it is made, without a reload; other files keep their icon", async ({ page }) => {
    await signUpThroughApi(page, appUrl());
    await page.goto('/dashboard');
    await expect(card(page, 'Documents')).toBeVisible();
    const pictures = [0, 1, 2].map((seed) => ({ name: `Harbour ${seed + 1}.png`, mimeType: 'image/png', buffer: picturePng(640, 480, seed * 40) }));
    await uploadThroughDialog(page, [...pictures, textFile('notes.txt')]);
    await expect(toastWith(page, '4 file(s) uploaded successfully')).toBeVisible();

    // Made in the background after the upload, and shown when the server says it is there (no reload).
    for (const picture of pictures) {
      const image = card(page, picture.name).getByRole('img', { name: picture.name });
      await expect(image).toBeVisible({ timeout: 30_000 });
      await expect.poll(() => drawnWidth(image)).toBe(256);
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
  });
});
