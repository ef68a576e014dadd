// A folder of 10,000 files in Chromium, as a user meets it: how soon the first
// cards show after navigating to it, whether every item is reached by scrolling
// (pages read as the grid nears its end), and the longest task that blocked the
// page's main thread while opening, scrolling to the end and re-sorting
// (PerformanceObserver "longtask": any task over 50 ms; target none over 200 ms).
//
// Needs a running Coffer whose files service uses a PostgreSQL server (it never starts one):
//   COFFER_BENCH_APP_URL=… COFFER_BENCH_FILES_DATABASE_URL=postgres://… node bench/folder-browser.mjs
import { randomUUID } from 'node:crypto';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../deploy/local/chromium.mjs';
import pg from 'pg';

const appUrl = process.env.COFFER_BENCH_APP_URL;
const databaseUrl = process.env.COFFER_BENCH_FILES_DATABASE_URL;
if (!appUrl || !databaseUrl) {
  console.error('folder-browser: set COFFER_BENCH_APP_URL and COFFER_BENCH_FILES_DATABASE_URL');
  process.exit(2);
}
const FILES = Number(process.env.COFFER_BENCH_FOLDER_FILES ?? 10_000);
const LONG_TASK_TARGET_MS = 200;
const FIRST_PAGE_TARGET_MS = 300;

const browser = await chromium.launch(chromiumLaunchOptions);
const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
let failed = false;
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: appUrl });
  const page = await context.newPage();
  // Every long task of the page, from its first script on.
  await page.addInitScript(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__longTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  });

  // Signed up from the page's own context, so the refresh cookie is the browser's.
  const user = { fullName: 'Bench User', email: `bench-${randomUUID().slice(0, 8)}@example.com`, password: `pw-${randomUUID()}` };
  const { accessToken } = await (await page.request.post('/api/auth/sign-up', { data: user })).json();
  const claims = JSON.parse(Buffer.from(accessToken.split('.')[1], 'base64url').toString());
  const folder = await (
    await page.request.post('/api/folders', { data: { name: 'Scans', parentId: 'root' }, headers: { authorization: `Bearer ${accessToken}` } })
  ).json();
  await pool.query(
    `insert into files (user_id, added_by, account_id, name, size, storage_path, mime_type, folder, created_at, updated_at)
     select $1, $1, $2, 'scan-' || lpad(n::text, 5, '0') || '.pdf', n * 1000, $1 || '/bench-' || n || '.pdf', 'application/pdf', $3, now() - n * interval '1 second', now()
     from generate_series(1, ${FILES}) as n`,
    [claims.sub, claims.acc, folder.id],
  );

  const longest = async (since) => page.evaluate((t) => Math.max(0, ...window.__longTasks.filter((x) => x.start >= t).map((x) => x.duration)), since);
  const now = () => page.evaluate(() => performance.now());
  const card = (name) => page.getByRole('group').filter({ has: page.getByRole('heading', { name, exact: true }) });

  // Opening: the dashboard first (the app loaded), then the folder by its card.
  await page.goto('/dashboard');
  await card('Scans').waitFor();
  const opened = await now();
  const started = Date.now();
  await card('Scans').getByRole('link', { name: 'Scans' }).click();
  await card('scan-00001.pdf').waitFor({ timeout: 30_000 });
  const firstPageMs = Date.now() - started;
  const openingTask = await longest(opened);

  // Scrolling to the end, page after page, until the oldest is on screen.
  const scrolling = await now();
  let rounds = 0;
  const oldest = `scan-${String(FILES).padStart(5, '0')}.pdf`;
  while (!(await card(oldest).isVisible())) {
    if (++rounds > FILES) throw new Error('the oldest file never came into view');
    await page.mouse.wheel(0, 4000);
    await page.waitForTimeout(50);
  }
  const scrollingTask = await longest(scrolling);
  const positions = await page.getByRole('list', { name: 'Files' }).getByRole('listitem').last().getAttribute('aria-setsize');

  // Re-sorting by name.
  await page.evaluate(() => window.scrollTo(0, 0));
  const sorting = await now();
  await page.getByRole('combobox', { name: 'Sort by' }).click();
  await page.getByRole('option', { name: 'Name (A-Z)' }).click();
  await card('scan-00001.pdf').waitFor();
  await page.waitForTimeout(200);
  const sortingTask = await longest(sorting);

  const worst = Math.max(openingTask, scrollingTask, sortingTask);
  const cards = await page.getByRole('list', { name: 'Files' }).getByRole('listitem').count();
  console.log(
    `folder of ${FILES.toLocaleString('en-US')} in Chromium: first page shown ${firstPageMs} ms after navigating (target ≤ ${FIRST_PAGE_TARGET_MS} ms); ` +
      `every item reached by scrolling (list of ${positions}, ${cards} cards in the page at a time); longest task: opening ${openingTask.toFixed(0)} ms, ` +
      `scrolling ${scrollingTask.toFixed(0)} ms, re-sorting ${sortingTask.toFixed(0)} ms (target ≤ ${LONG_TASK_TARGET_MS} ms)` +
      (worst > LONG_TASK_TARGET_MS || firstPageMs > FIRST_PAGE_TARGET_MS ? ' — OVER TARGET' : ''),
  );
  if (Number(positions) !== FILES) failed = true;
} finally {
  await browser.close();
  await pool.end();
}
process.exit(failed ? 1 : 0);
