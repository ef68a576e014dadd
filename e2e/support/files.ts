import { expect, type Locator, type Page } from '@playwright/test';

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
  page.getByRole('region', { name: /Notifications/ }).getByRole('listitem').filter({ hasText: title });

/** The card of a file or folder in the grid, by its name. */
export const card = (page: Page, name: string): Locator =>
  page.getByRole('group').filter({ has: page.getByRole('heading', { name, exact: true }) });

/** Opens a card's menu and picks an item. */
export async function chooseFromMenu(page: Page, name: string, item: string) {
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

/** Uploads files through the top bar's Upload dialog, into the folder chosen there (the current one by default). */
export async function uploadThroughDialog(page: Page, files: UploadedFile[], { folder }: { folder?: string } = {}) {
  await page.getByRole('banner').getByRole('button', { name: 'Upload' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload Files' });
  await expect(dialog.getByText('Maximum file size: 50MB')).toBeVisible();
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
