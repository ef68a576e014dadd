import fs from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { signUpThroughApi } from './support/session';
import { card, chooseFromMenu, pdfFile, pngFile, textFile, toastWith, uploadThroughDialog, wavFile, type UploadedFile } from './support/files';
import { expectNoSeriousA11yViolations } from './support/axe';
import { mailTo } from './support/mail';

const appUrl = () => process.env.COFFER_TEST_APP_URL;

/** HTMLMediaElement.readyState values (the page's constants are not defined in the test's Node). */
const HAVE_METADATA = 1;
const HAVE_CURRENT_DATA = 2;

const preview = (page: Page, name: string) => page.getByRole('dialog', { name });

/** A new user with `files` uploaded to the root. */
async function withFiles(page: Page, files: UploadedFile[]) {
  const user = await signUpThroughApi(page, appUrl());
  await page.goto('/dashboard');
  await expect(card(page, 'Documents')).toBeVisible();
  await uploadThroughDialog(page, files);
  await expect(toastWith(page, `${files.length} file(s) uploaded successfully`)).toBeVisible();
  for (const file of files) await expect(card(page, file.name)).toBeVisible();
  return user;
}

/**
 * Every inline link the page asks for, and every request made to the URLs they
 * answered: a View asks for one link and reads it once (a recipient's link may
 * be good for one request only).
 */
function watchInlineLinks(page: Page) {
  const links: string[] = [];
  const requested: string[] = [];
  page.on('response', async (response) => {
    if (!/\/link\?disposition=inline$/.test(response.url())) return;
    const { url } = (await response.json()) as { url: string };
    links.push(new URL(url, response.url()).href);
  });
  page.on('request', (request) => void requested.push(request.url()));
  return {
    links,
    /** How many times each link was requested. */
    reads: () => links.map((link) => requested.filter((url) => url === link).length),
  };
}

test.describe('previews inside the app', () => {
  test('View shows an image, a PDF and a text file in a dialog, each link asked for and read once, with Download and Share', async ({ page }) => {
    const photo = pngFile('photo.png');
    const report = pdfFile('report.pdf', 'Quarterly report');
    const notes = textFile('notes.txt', 2048);
    await withFiles(page, [photo, report, notes]);
    const watched = watchInlineLinks(page);

    // The image, drawn.
    await chooseFromMenu(page, 'photo.png', 'View');
    const imageDialog = preview(page, 'photo.png');
    const image = imageDialog.getByRole('img', { name: 'photo.png' });
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
    await expect(imageDialog.getByText(/^Image · \d+ Bytes$/)).toBeVisible();
    await expect(imageDialog.getByRole('button', { name: 'Download' })).toBeVisible();
    await expect(imageDialog.getByRole('button', { name: 'Share' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'image preview');
    await imageDialog.getByRole('button', { name: 'Close' }).click();
    await expect(imageDialog).toBeHidden();

    // The PDF, framed from the bytes read once.
    await chooseFromMenu(page, 'report.pdf', 'View');
    const pdfDialog = preview(page, 'report.pdf');
    const frame = pdfDialog.locator('iframe[title="Preview of report.pdf"]');
    await expect(frame).toBeVisible();
    const src = await frame.getAttribute('src');
    expect(src).toMatch(/^blob:/);
    // Chromium's PDF viewer opened in the frame (a download would have left it empty).
    await expect.poll(() => page.frames().some((f) => f.parentFrame()?.url() === src && f.url().startsWith('chrome-extension://'))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(pdfDialog).toBeHidden();

    // The text, as text.
    await chooseFromMenu(page, 'notes.txt', 'View');
    const textDialog = preview(page, 'notes.txt');
    const contents = textDialog.getByLabel('Contents of notes.txt');
    await expect(contents).toContainText(notes.buffer.toString());
    await expect(textDialog.getByText('Showing the first 1 MB')).toHaveCount(0);

    // Download from the preview saves the same bytes.
    const [download] = await Promise.all([page.waitForEvent('download'), textDialog.getByRole('button', { name: 'Download' }).click()]);
    expect(download.suggestedFilename()).toBe('notes.txt');
    expect(fs.readFileSync(await download.path()).equals(notes.buffer)).toBe(true);
    // The toast shows over the dialog (which hides the rest of the page from the accessibility tree).
    await expect(page.getByText('File downloaded', { exact: true })).toBeVisible();

    // Share from the preview: the Share File dialog of that file takes its place.
    await textDialog.getByRole('button', { name: 'Share' }).click();
    const shareDialog = page.getByRole('dialog', { name: 'Share File' });
    await expect(shareDialog.getByText('notes.txt')).toBeVisible();
    await expect(textDialog).toBeHidden();
    await shareDialog.getByRole('button', { name: 'Cancel' }).click();

    // One link per View, each read exactly once; no tab was opened.
    expect(watched.reads()).toEqual([1, 1, 1]);
    expect(page.context().pages()).toEqual([page]);
  });

  test('text is shown as text, never as markup, and only its first megabyte', async ({ page }) => {
    const markup = { name: 'page.html', mimeType: 'text/html', buffer: Buffer.from('<h1>Not a heading</h1><img src=x onerror="document.title=\'pwned\'">') };
    const big = textFile('server.log', 1536 * 1024);
    await withFiles(page, [markup, big]);

    await chooseFromMenu(page, 'page.html', 'View');
    const htmlDialog = preview(page, 'page.html');
    await expect(htmlDialog.getByLabel('Contents of page.html')).toHaveText(markup.buffer.toString());
    await expect(htmlDialog.getByRole('heading', { name: 'Not a heading' })).toHaveCount(0);
    await expect(htmlDialog.locator('pre img')).toHaveCount(0);
    expect(await page.title()).not.toBe('pwned');
    await page.keyboard.press('Escape');

    await chooseFromMenu(page, 'server.log', 'View');
    const logDialog = preview(page, 'server.log');
    await expect(logDialog.getByText('Showing the first 1 MB of this file. Download it to see the rest.')).toBeVisible();
    const shown = await logDialog.getByLabel('Contents of server.log').evaluate((pre) => pre.textContent?.length ?? 0);
    expect(shown).toBe(1024 * 1024);
    await expectNoSeriousA11yViolations(page, 'text preview');
  });

  test('a type the browser cannot show downloads instead of opening a blank tab', async ({ page }) => {
    const sheet = {
      name: 'budget.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: Buffer.from('PK\u0003\u0004 not really a workbook'),
    };
    await withFiles(page, [sheet]);
    const [download] = await Promise.all([page.waitForEvent('download'), chooseFromMenu(page, 'budget.xlsx', 'View')]);
    expect(download.suggestedFilename()).toBe('budget.xlsx');
    expect(fs.readFileSync(await download.path()).equals(sheet.buffer)).toBe(true);
    await expect(toastWith(page, 'File downloaded')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(page.context().pages()).toEqual([page]);
  });

  test('Recent and Shared preview too; a file shared with you has no Share button', async ({ page, browser }) => {
    const owner = await withFiles(page, [textFile('agenda.txt', 512)]);

    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Recent' }).click();
    await chooseFromMenu(page, 'agenda.txt', 'View');
    await expect(preview(page, 'agenda.txt').getByLabel('Contents of agenda.txt')).toContainText('agenda.txt');
    await expect(preview(page, 'agenda.txt').getByRole('button', { name: 'Share' })).toBeVisible();
    await page.keyboard.press('Escape');

    // Shared with a second user, who opens it from the Shared tab.
    const { context: recipientContext, other, recipient } = await shareWithNewRecipient(page, browser, 'agenda.txt');
    try {
      // The sharer's own card in Shared previews with Share.
      await page.goto('/dashboard/shared');
      await chooseFromMenu(page, 'agenda.txt', 'View');
      await expect(preview(page, 'agenda.txt').getByLabel('Contents of agenda.txt')).toContainText('agenda.txt');
      await expect(preview(page, 'agenda.txt').getByRole('button', { name: 'Share' })).toBeVisible();
      await page.keyboard.press('Escape');

      await other.goto('/dashboard/shared');
      const watched = watchInlineLinks(other);
      await chooseFromMenu(other, 'agenda.txt', 'View');
      const dialog = preview(other, 'agenda.txt');
      await expect(dialog.getByLabel('Contents of agenda.txt')).toContainText('agenda.txt');
      await expect(dialog.getByRole('button', { name: 'Download' })).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'Share' })).toHaveCount(0);
      expect(watched.reads()).toEqual([1]);
      expect(owner.email).not.toBe(recipient.email);
    } finally {
      await recipientContext.close();
    }
  });

  test('a recording shared with you plays from any point: the player reads it in ranges', async ({ page, browser }) => {
    // Half an hour: 28 MB, far more than a player reads before it is asked to jump.
    const minutes = 30;
    await withFiles(page, [wavFile('interview.wav', minutes * 60)]);
    const { context, other } = await shareWithNewRecipient(page, browser, 'interview.wav');
    try {
      await other.goto('/dashboard/shared');
      const ranges: string[] = [];
      other.on('response', (response) => {
        if (response.url().includes('/api/share-downloads/') && response.status() === 206) ranges.push(response.request().headers().range ?? '');
      });
      await chooseFromMenu(other, 'interview.wav', 'View');
      const audio = preview(other, 'interview.wav').getByLabel('Audio interview.wav');
      await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.readyState)).toBeGreaterThanOrEqual(HAVE_METADATA);
      // The whole recording can be reached, not only what has arrived.
      expect(await audio.evaluate((a: HTMLAudioElement) => (a.seekable.length ? a.seekable.end(a.seekable.length - 1) : 0))).toBeCloseTo(minutes * 60, 0);

      const target = minutes * 60 - 30;
      const landed = await audio.evaluate(
        (a: HTMLAudioElement, at: number) =>
          new Promise<number>((resolve) => {
            a.addEventListener('seeked', () => resolve(a.currentTime), { once: true });
            a.currentTime = at;
          }),
        target,
      );
      expect(landed).toBeCloseTo(target, 0);
      // The sound at that point arrives (whether the player read on to it or asked for it from there).
      await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.readyState)).toBeGreaterThanOrEqual(HAVE_CURRENT_DATA);
      expect(ranges.length).toBeGreaterThan(0);
      expect(ranges.every((range) => /^bytes=\d+-\d*$/.test(range))).toBe(true);
    } finally {
      await context.close();
    }
  });
});

/** `fileName` shared by the user of `page` with a new user of their own browser context, who has confirmed their address. */
async function shareWithNewRecipient(page: Page, browser: Browser, fileName: string) {
  const context = await browser.newContext({ baseURL: appUrl() });
  const other = await context.newPage();
  const recipient = await signUpThroughApi(other, appUrl());
  await chooseFromMenu(page, fileName, 'Share');
  const shareDialog = page.getByRole('dialog', { name: 'Share File' });
  await shareDialog.getByLabel('Share with Email').fill(recipient.email);
  await shareDialog.getByRole('button', { name: 'Share File' }).click();
  await expect(toastWith(page, `File shared with ${recipient.email}`)).toBeVisible();
  // The recipient sees shares once their address is confirmed.
  const token = await confirmationToken(other, recipient.email);
  expect((await other.request.post('/api/auth/email/verify', { data: { token } })).status()).toBe(204);
  return { context, other, recipient };
}

/** The token of the link in the email that confirms `email`. */
async function confirmationToken(page: Page, email: string) {
  return (await mailTo(page.request, email, 'Confirm your email address')).text.match(/verify-email\?token=([\w-]+)/)?.[1];
}
