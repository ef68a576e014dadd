// How much JavaScript a first-time visitor's browser downloads for the landing
// page: the shell, the federation runtime, the shared singletons and
// mfe-marketing's chunks, as they come over the wire (gzipped), measured in
// Chromium with an empty cache.
//
// Needs a running Coffer (it never starts one):
//   COFFER_BENCH_APP_URL=http://localhost:3000 node bench/landing-js.mjs
// COFFER_BENCH_VERBOSE=1 lists every script with its size.
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../deploy/local/chromium.mjs';

const TARGET_KB = 150;
const appUrl = process.env.COFFER_BENCH_APP_URL;
if (!appUrl) {
  console.error('landing-js: set COFFER_BENCH_APP_URL to the URL of a running Coffer (e.g. http://localhost:3000)');
  process.exit(2);
}
const verbose = Boolean(process.env.COFFER_BENCH_VERBOSE);

const browser = await chromium.launch(chromiumLaunchOptions);

try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();

  /** @type {Promise<{ url: string, bytes: number }>[]} */
  const scripts = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    // responseBodySize is the body as received: the compressed size when the server gzips it.
    scripts.push(request.sizes().then((sizes) => ({ url: request.url(), bytes: sizes.responseBodySize })));
  });

  await page.goto(new URL('/', appUrl).href, { waitUntil: 'load' });
  // The landing page is only there once mfe-marketing's chunks have run.
  await page.getByRole('heading', { name: 'Secure File Storage Built for Business' }).waitFor({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');

  const measured = await Promise.all(scripts);
  const total = measured.reduce((sum, script) => sum + script.bytes, 0);
  if (verbose) {
    for (const { url, bytes } of measured.sort((a, b) => b.bytes - a.bytes)) {
      console.log(`${(bytes / 1024).toFixed(1).padStart(8)} KB  ${url}`);
    }
  }
  const kb = total / 1024;
  console.log(
    `landing page JavaScript: ${kb.toFixed(1)} KB gzipped in ${measured.length} scripts (target ≤ ${TARGET_KB} KB)${kb > TARGET_KB ? ' — OVER TARGET' : ''}`,
  );
  await context.close();
} finally {
  await browser.close();
}
