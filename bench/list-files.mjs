// Listing a folder: the whole path a browser takes (shell origin → gateway →
// NATS → files service → its database) against the raw backend, the same
// request sent straight to the files service over NATS, in the same run.
// Reports requests per second of each and their ratio.
//
// Needs a running Coffer (it never starts one):
//   COFFER_BENCH_APP_URL=http://localhost:3000 COFFER_BENCH_NATS_URL=nats://127.0.0.1:4222 node bench/list-files.mjs
import { randomUUID } from 'node:crypto';
import { connect, headers } from '@nats-io/transport-node';

const appUrl = process.env.COFFER_BENCH_APP_URL;
const natsUrl = process.env.COFFER_BENCH_NATS_URL;
if (!appUrl || !natsUrl) {
  console.error('list-files: set COFFER_BENCH_APP_URL and COFFER_BENCH_NATS_URL of a running Coffer');
  process.exit(2);
}
const REQUESTS = Number(process.env.COFFER_BENCH_REQUESTS ?? 2000);
const CONCURRENCY = 16;

/** Requests sent before each measure, as many on each side: until the code on the path has been compiled (50 were not enough for the gateway's). */
const WARM_UP = 500;

/** Runs `once` REQUESTS times, CONCURRENCY at a time, after WARM_UP; returns requests per second. */
async function measure(once) {
  for (let i = 0; i < WARM_UP; i++) await once();
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next++ < REQUESTS) await once();
    }),
  );
  return REQUESTS / ((performance.now() - started) / 1000);
}

const user = { fullName: 'Bench User', email: `bench-${randomUUID().slice(0, 8)}@example.com`, password: `pw-${randomUUID()}` };
const signUp = await fetch(`${appUrl}/api/auth/sign-up`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(user) });
if (signUp.status !== 201) throw new Error(`sign-up failed: ${signUp.status}`);
const { accessToken } = await signUp.json();
const claims = JSON.parse(Buffer.from(accessToken.split('.')[1], 'base64url').toString());
const caller = JSON.stringify({ userId: claims.sub, accountId: claims.acc, role: claims.role, sessionId: claims.sid, aal: claims.aal });

// Wait for the default folders (created from the registration event).
for (let i = 0; i < 100; i++) {
  const r = await fetch(`${appUrl}/api/files?folder=root`, { headers: { authorization: `Bearer ${accessToken}` } });
  if ((await r.json()).items?.length === 4) break;
  await new Promise((r) => setTimeout(r, 100));
}

const throughCoffer = await measure(async () => {
  const r = await fetch(`${appUrl}/api/files?folder=root`, { headers: { authorization: `Bearer ${accessToken}` } });
  if (r.status !== 200) throw new Error(`list failed: ${r.status}`);
  await r.arrayBuffer();
});

// The raw backend: the files service's own NATS subject, as the gateway sends it (Nest's wire format).
const nc = await connect({ servers: natsUrl });
const direct = await measure(async () => {
  const h = headers();
  h.set('x-coffer-caller', caller);
  const reply = await nc.request('files.file.list', JSON.stringify({ pattern: 'files.file.list', data: { folder: 'root' }, id: randomUUID() }), {
    headers: h,
    timeout: 5000,
  });
  const body = reply.json();
  if (body.err) throw new Error(`direct list failed: ${JSON.stringify(body.err)}`);
});
await nc.drain();

const ratio = throughCoffer / direct;
console.log(
  `list a folder: ${throughCoffer.toFixed(0)} req/s through Coffer, ${direct.toFixed(0)} req/s straight to the files service over NATS; ratio ${ratio.toFixed(2)}`,
);
