import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { signUpThroughApi } from './support/session';
import { card, chooseFromMenu, toastWith, uploadThroughDialog, type UploadedFile } from './support/files';
import { screens } from './support/screens';

const appUrl = () => process.env.COFFER_TEST_APP_URL;

/** A text file named `name` with `text` in it (two uploads of one name differ byte for byte). */
const note = (name: string, text: string): UploadedFile => ({ name, mimeType: 'text/plain', buffer: Buffer.from(text) });

async function startAsNewUser(page: Page) {
  await signUpThroughApi(page, appUrl());
  await page.goto('/dashboard');
  // The first page of a stack just started can take a while on a busy machine.
  await expect(card(page, 'Documents')).toBeVisible({ timeout: 30_000 });
}

test.describe('file versions', () => {
  test('an upload of a name that exists replaces the file when asked; its first version is restored and downloads byte for byte', async ({ page }) => {
    await startAsNewUser(page);
    const first = note('notes.txt', 'The first notes: agenda, owners, dates.\n');
    const second = note('notes.txt', 'The second notes, longer: agenda, owners, dates, and what was decided.\n');

    let dialog = await uploadThroughDialog(page, [first]);
    await expect(toastWith(page, '1 file(s) uploaded successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(card(page, 'notes.txt')).toContainText(`${first.buffer.length} Bytes`);

    // The same name again: asked before anything is sent.
    dialog = await uploadThroughDialog(page, [second]);
    const question = page.getByRole('dialog', { name: 'This file already exists' });
    await expect(question).toBeVisible();
    await expect(question.getByRole('button', { name: 'Continue' })).toBeDisabled();
    await screens(page, 'upload-replace-or-keep');
    await question.getByRole('button', { name: 'Replace' }).click();
    await question.getByRole('button', { name: 'Continue' }).click();
    // The dialog closes once every file arrived (the first upload's toast may still be on screen).
    await expect(dialog).toBeHidden();
    await expect(card(page, 'notes.txt')).toContainText(`${second.buffer.length} Bytes`);
    await expect(page.getByRole('heading', { name: 'notes (1).txt' })).toHaveCount(0);

    await chooseFromMenu(page, 'notes.txt', 'Versions');
    const versions = page.getByRole('dialog', { name: 'Versions' });
    const list = versions.getByRole('list', { name: 'Versions of notes.txt' });
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await expect(list.getByRole('listitem').first()).toContainText('Current');
    await expect(list.getByRole('listitem').first()).toContainText(`You · ${second.buffer.length} Bytes`);
    await expect(list.getByRole('listitem').nth(1)).toContainText(`You · ${first.buffer.length} Bytes`);
    await screens(page, 'file-versions');

    await list
      .getByRole('listitem')
      .nth(1)
      .getByRole('button', { name: /^Restore/ })
      .click();
    // Restored: the first bytes are current again, the second kept as a version.
    await expect(list.getByRole('listitem').first()).toContainText(`${first.buffer.length} Bytes`);
    await expect(list.getByRole('listitem').nth(1)).toContainText(`${second.buffer.length} Bytes`);
    await expect(
      list
        .getByRole('listitem')
        .nth(1)
        .getByRole('button', { name: /^Restore/ }),
    ).toBeVisible();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      list
        .getByRole('listitem')
        .first()
        .getByRole('button', { name: /^Download/ })
        .click(),
    ]);
    expect(download.suggestedFilename()).toBe('notes.txt');
    expect((await readFile((await download.path())!)).equals(first.buffer)).toBe(true);
    const [earlier] = await Promise.all([
      page.waitForEvent('download'),
      list
        .getByRole('listitem')
        .nth(1)
        .getByRole('button', { name: /^Download/ })
        .click(),
    ]);
    expect((await readFile((await earlier.path())!)).equals(second.buffer)).toBe(true);
    // The footer's Close (the corner's X is named Close too).
    await versions.getByRole('button', { name: 'Close' }).first().click();
    await expect(versions).toBeHidden();
    await expect(card(page, 'notes.txt')).toContainText(`${first.buffer.length} Bytes`);
  });

  test('Keep both still adds "notes (1).txt", and Apply to all answers for every clashing file at once', async ({ page }) => {
    await startAsNewUser(page);
    await uploadThroughDialog(page, [note('notes.txt', 'one'), note('plan.txt', 'two')]);
    await expect(toastWith(page, '2 file(s) uploaded successfully')).toBeVisible();
    await expect(card(page, 'plan.txt')).toBeVisible();

    const dialog = await uploadThroughDialog(page, [note('notes.txt', 'three'), note('plan.txt', 'four'), note('new.txt', 'five')]);
    const question = page.getByRole('dialog', { name: '2 files already exist' });
    await question.getByLabel('Apply to all').click();
    await screens(page, 'upload-replace-or-keep-all');
    await question.getByRole('button', { name: 'Keep both' }).click();
    await question.getByRole('button', { name: 'Continue' }).click();
    await expect(toastWith(page, '3 file(s) uploaded successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    for (const name of ['notes.txt', 'notes (1).txt', 'plan.txt', 'plan (1).txt', 'new.txt']) await expect(card(page, name)).toBeVisible();
  });
});
