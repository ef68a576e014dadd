// How soon an upload shows in a second browser of the same user: the time from
// the upload's confirmation (its answer reaching the uploader) to its card being
// in the other browser's page (a MutationObserver there notes the moment), over
// 20 uploads; the list is updated in place from the push, not read again.
//
// Needs a running Coffer (it never starts one):
//   COFFER_BENCH_APP_URL=… node bench/realtime.mjs
import { randomUUID } from 'node:crypto';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../deploy/local/chromium.mjs';

const appUrl = process.env.COFFER_BENCH_APP_URL;
if (!appUrl) {
  console.error('realtime: set COFFER_BENCH_APP_URL of a running Coffer');
  process.exit(2);
}
const UPLOADS = Number(process.env.COFFER_BENCH_REALTIME_UPLOADS ?? 20);
const TARGET_MS = 60;

const browser = await chromium.launch(chromiumLaunchOptions);
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: appUrl });
  const page = await context.newPage();
  const user = { fullName: 'Bench User', email: `bench-${randomUUID().slice(0, 8)}@example.com`, password: `pw-${randomUUID()}` };
  const { accessToken } = await (await page.request.post('/api/auth/sign-up', { data: user })).json();
  const auth = { authorization: `Bearer ${accessToken}` };
  await page.goto('/dashboard');
  await page
    .getByRole('group')
    .filter({ has: page.getByRole('heading', { name: 'Documents', exact: true }) })
    .waitFor();
  // The moment (epoch ms) each card's name first appears in the page.
  await page.evaluate(() => {
    window.__seen = {};
    new MutationObserver(() => {
      // Each card is a group named "<type> <name>".
      for (const card of document.querySelectorAll('[role="group"][aria-label]')) {
        const label = card.getAttribute('aria-label');
        if (!(label in window.__seen)) window.__seen[label] = performance.timeOrigin + performance.now();
      }
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });

  // The uploader is another client of the same user: the API, as the upload dialog calls it.
  const latencies = [];
  for (let i = 0; i < UPLOADS; i++) {
    const name = `live-${i}.txt`;
    const body = Buffer.from(`upload ${i}\n`);
    const slot = await (
      await fetch(`${appUrl}/api/uploads`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...auth },
        body: JSON.stringify({ name, size: body.length, mimeType: 'text/plain' }),
      })
    ).json();
    if ((await fetch(slot.url, { method: 'PUT', headers: slot.headers, body })).status !== 200) throw new Error('PUT failed');
    const done = await fetch(`${appUrl}/api/uploads/${slot.uploadId}/complete`, { method: 'POST', headers: auth });
    const confirmedAt = Date.now();
    if (done.status !== 201) throw new Error(`complete: ${done.status}`);
    const shownAt = await page
      .waitForFunction((n) => Object.entries(window.__seen).find(([label]) => label.endsWith(` ${n}`))?.[1], name, { timeout: 10_000 })
      .then((h) => h.jsonValue());
    latencies.push(Math.max(0, shownAt - confirmedAt));
  }
  const sorted = [...latencies].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  console.log(
    `realtime: an upload shows in another browser ${median.toFixed(0)} ms (median of ${UPLOADS}; slowest ${sorted.at(-1).toFixed(0)} ms) after its confirmation (target ≤ ${TARGET_MS} ms)${median > TARGET_MS ? ' — OVER TARGET' : ''}`,
  );
} finally {
  await browser.close();
}
