import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { pdfOf } from '../../deploy/local/test-pictures.mjs';

export interface UploadedFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** A text file of about `bytes` bytes whose content names it. */
export function textFile(name: string, bytes = 64, mimeType = 'text/plain'): UploadedFile {
  const head = `${name}\n`;
  return { name, mimeType, buffer: Buffer.from(head + 'x'.repeat(Math.max(0, bytes - head.length))) };
}

/** A toast on screen, found by its title. */
export const toastWith = (page: Page, title: string) =>
  page
    .getByRole('region', { name: /Notifications/ })
    .getByRole('listitem')
    .filter({ hasText: title });

/** The card of a file or folder in the grid, by its name. */
export const card = (page: Page, name: string): Locator => page.getByRole('group').filter({ has: page.getByRole('heading', { name, exact: true }) });

/** Opens a card's menu and picks an item. */
export async function chooseFromMenu(page: Page, name: string, item: string) {
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

/** Uploads files through the top bar's Upload dialog, into the folder chosen there (the current one by default). */
export async function uploadThroughDialog(page: Page, files: UploadedFile[], { folder }: { folder?: string } = {}) {
  await page.getByRole('banner').getByRole('button', { name: 'Upload' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload Files' });
  // The user's own plan's largest file: 50MB on the trial, 10GB on paid plans.
  await expect(dialog.getByText(/^Maximum file size: (50MB|10GB)$/)).toBeVisible();
  if (folder) {
    await dialog.getByLabel('Folder').click();
    await page.getByRole('option', { name: folder, exact: true }).click();
  }
  await dialog.getByLabel('Choose files').setInputFiles(files);
  const button = dialog.getByRole('button', { name: `Upload (${files.length})` });
  await button.click();
  return dialog;
}

/** The storage meter's "X of Y used" line. */
export const storageLine = (page: Page) => page.getByRole('region', { name: 'Storage' }).getByText(/ used$/);

/** A 1×1 PNG: a real image a browser draws. */
export function pngFile(name: string): UploadedFile {
  return {
    name,
    mimeType: 'image/png',
    buffer: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'),
  };
}

/**
 * A WAV recording of `seconds` of a tone (8 kHz, 16-bit mono: 16 kB a second), so a
 * player has far more than its first read to seek into.
 */
export function wavFile(name: string, seconds: number): UploadedFile {
  const rate = 8000;
  const samples = rate * seconds;
  const buffer = Buffer.alloc(44 + samples * 2);
  buffer.write('RIFF', 0, 'ascii');
  buffer.writeUInt32LE(36 + samples * 2, 4);
  buffer.write('WAVEfmt ', 8, 'ascii');
  buffer.writeUInt32LE(16, 16);
  buffer.writeUInt16LE(1, 20); // PCM
  buffer.writeUInt16LE(1, 22); // mono
  buffer.writeUInt32LE(rate, 24);
  buffer.writeUInt32LE(rate * 2, 28);
  buffer.writeUInt16LE(2, 32);
  buffer.writeUInt16LE(16, 34);
  buffer.write('data', 36, 'ascii');
  buffer.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++) buffer.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / rate)), 44 + i * 2);
  return { name, mimeType: 'audio/wav', buffer };
}

/** A one-page PDF that says `text`, with a correct cross-reference table. */
export function pdfFile(name: string, text = name): UploadedFile {
  const stream = `BT /F1 24 Tf 72 720 Td (${text.replace(/[()\\]/g, '\\$&')}) Tj ET`;
  return { name, mimeType: 'application/pdf', buffer: pdfOf(612, 792, stream) };
}

/** Uploads a file through the API as a browser would (slot, presigned PUT, complete) and answers its id. */
export async function uploadThroughApi(request: APIRequestContext, accessToken: string, file: UploadedFile, folderId = 'root'): Promise<string> {
  const headers = { authorization: `Bearer ${accessToken}` };
  const slot = await request.post('/api/uploads', { headers, data: { name: file.name, size: file.buffer.length, mimeType: file.mimeType, folderId } });
  expect(slot.status()).toBe(201);
  const { uploadId, url, headers: putHeaders } = (await slot.json()) as { uploadId: string; url: string; headers: Record<string, string> };
  expect((await request.put(url, { headers: putHeaders, data: file.buffer })).ok()).toBe(true);
  const done = await request.post(`/api/uploads/${uploadId}/complete`, { headers });
  expect(done.status()).toBe(201);
  return ((await done.json()) as { id: string }).id;
}

/** Screenshots of the page at 1280 and 360 px wide, to look at (when COFFER_SCREENSHOTS_DIR is set). */
export async function shoot(page: Page, name: string) {
  const dir = process.env.COFFER_SCREENSHOTS_DIR;
  if (!dir) return;
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}
