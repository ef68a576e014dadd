// Thumbnails must not slow uploads: 200 pictures (1600 x 1200 PNG, about 4 at once as the
// browser's upload queue sends them) uploaded through Coffer's full path (the upload asked of the
// gateway, one PUT to S3, the confirmation), with the files service making thumbnails, and
// again with THUMBNAILS=off, in the same run: `npm run bench` runs it off, on, off, on, restarting the
// files service between (COFFER_BENCH_THUMBNAILS says which this is), and this script prints the
// comparison of each mode's best run in COFFER_BENCH_THUMBNAILS_RESULTS so far. With thumbnails on it also says how soon after the
// last upload every thumbnail was made.
//
// Needs a running Coffer (it never starts one):
//   COFFER_BENCH_APP_URL=… COFFER_BENCH_THUMBNAILS=on COFFER_BENCH_THUMBNAILS_RESULTS=/tmp/t.json node bench/thumbnails.mjs
import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import { picturePng } from '../deploy/local/test-pictures.mjs';

const appUrl = process.env.COFFER_BENCH_APP_URL;
const mode = process.env.COFFER_BENCH_THUMBNAILS ?? 'on';
const resultsFile = process.env.COFFER_BENCH_THUMBNAILS_RESULTS;
if (!appUrl) {
  console.error('thumbnails: set COFFER_BENCH_APP_URL of a running Coffer');
  process.exit(2);
}
const PICTURES = Number(process.env.COFFER_BENCH_PICTURES ?? 200);
const AT_ONCE = 4;
/** The longest wait for every thumbnail after the last upload. */
const THUMBNAILS_WAIT_MS = 10 * 60_000;

const json = (body, headers = {}) => ({ method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
const user = { fullName: 'Bench User', email: `bench-${randomUUID().slice(0, 8)}@example.com`, password: `pw-${randomUUID()}` };
const { accessToken } = await (await fetch(`${appUrl}/api/auth/sign-up`, json(user))).json();
const auth = { authorization: `Bearer ${accessToken}` };
// A paid plan: room for 200 pictures.
const trial = await fetch(`${appUrl}/api/subscription/trial`, json({ plan: 'business' }, auth));
if (trial.status !== 201) throw new Error(`trial: ${trial.status} ${await trial.text()}`);

async function api(path, init = {}) {
  const res = await fetch(`${appUrl}/api${path}`, { ...init, headers: { ...init.headers, ...auth } });
  const body = await res.json();
  if (res.status >= 300) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

// 20 different pictures, each uploaded 10 times under its own name (every upload is its own object).
const pictures = Array.from({ length: 20 }, (_, i) => picturePng(1600, 1200, i * 12));

/** Uploads `count` pictures into a new folder, AT_ONCE at a time; resolves with the folder and the seconds it took. */
async function uploadPictures(count, name) {
  const folder = await api('/folders', json({ name, parentId: 'root' }));
  const upload = async (i) => {
    const bytes = pictures[i % pictures.length];
    const slot = await api('/uploads', json({ name: `Picture ${i + 1}.png`, size: bytes.length, mimeType: 'image/png', folderId: folder.id }));
    const put = await fetch(slot.url, { method: 'PUT', headers: slot.headers, body: bytes });
    if (put.status !== 200) throw new Error(`PUT: ${put.status}`);
    await api(`/uploads/${slot.uploadId}/complete`, { method: 'POST' });
  };
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: AT_ONCE }, async () => {
      while (next < count) await upload(next++);
    }),
  );
  return { folder, seconds: (performance.now() - started) / 1000 };
}

/** Waits until `count` files of the folder have their thumbnail (or the wait runs out); resolves with how many do. */
async function thumbnailsMade(folder, count) {
  const deadline = Date.now() + THUMBNAILS_WAIT_MS;
  let made = 0;
  while ((made = (await api(`/files?folder=${folder.id}&limit=1000`)).items.filter((i) => i.thumbnail).length) < count && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 250));
  return made;
}

// A warm-up (connections, the processes' first calls), and with thumbnails on its thumbnails made, before the timed run.
const warmUp = await uploadPictures(20, `Warm-up ${mode}`);
if (mode === 'on') await thumbnailsMade(warmUp.folder, 20);

const { folder, seconds } = await uploadPictures(PICTURES, `Pictures ${mode}`);
console.log(`thumbnails ${mode}: ${PICTURES} pictures of ${(pictures[0].length / 1e6).toFixed(2)} MB uploaded in ${seconds.toFixed(2)} s`);

let madeAfter = null;
if (mode === 'on') {
  const uploaded = performance.now();
  const made = await thumbnailsMade(folder, PICTURES);
  madeAfter = (performance.now() - uploaded) / 1000;
  console.log(`thumbnails on: ${made} of ${PICTURES} thumbnails made, the last ${madeAfter.toFixed(1)} s after the last upload`);
  if (made < PICTURES) process.exitCode = 1;
}

if (resultsFile) {
  // Each mode's runs; the comparison takes each mode's best (the machine is shared: a slower run is noise).
  const results = fs.existsSync(resultsFile) ? JSON.parse(fs.readFileSync(resultsFile, 'utf8')) : { on: [], off: [], madeAfter: [] };
  results[mode].push(seconds);
  if (madeAfter !== null) results.madeAfter.push(madeAfter);
  fs.writeFileSync(resultsFile, JSON.stringify(results));
  if (results.on.length && results.off.length) {
    const [on, off] = [Math.min(...results.on), Math.min(...results.off)];
    const slowdown = (on / off - 1) * 100;
    console.log(
      `Upload of ${PICTURES} pictures with thumbnails on / off (best of ${results.on.length} / ${results.off.length}): ${on.toFixed(2)} / ${off.toFixed(2)} s, ` +
        `${slowdown >= 0 ? 'slower' : 'faster'} by ${Math.abs(slowdown).toFixed(1)} % (target <= 10 %); every thumbnail made ${Math.max(...results.madeAfter).toFixed(1)} s after the last upload at most`,
    );
    if (slowdown > 10 && results.on.length === results.off.length && results.on.length > 1) process.exitCode = 1;
  }
}
