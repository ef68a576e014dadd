// Moving a selection of 1,000 files in one request (POST /api/files/bulk/move): through Coffer (shell origin →
// gateway → NATS → files service → PostgreSQL: each item decided by the access decision, the rows locked and moved
// in one statement, 1,000 events recorded in one) back and forth between two folders, timed from the request to
// the answer. Target: under 2 s (issue 31).
//
// Needs a running Coffer whose files service uses a PostgreSQL server (it never starts one):
//   COFFER_BENCH_APP_URL=… COFFER_BENCH_FILES_DATABASE_URL=postgres://… node bench/bulk-move.mjs
import { randomUUID } from 'node:crypto';
import pg from 'pg';

const appUrl = process.env.COFFER_BENCH_APP_URL;
const databaseUrl = process.env.COFFER_BENCH_FILES_DATABASE_URL;
if (!appUrl || !databaseUrl) {
  console.error('bulk-move: set COFFER_BENCH_APP_URL and COFFER_BENCH_FILES_DATABASE_URL');
  process.exit(2);
}
const ITEMS = Number(process.env.COFFER_BENCH_BULK_ITEMS ?? 1000);
const ROUNDS = 10;
const TARGET_MS = 2000;
const json = (body, headers = {}) => ({ method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

const user = { fullName: 'Bench User', email: `bench-${randomUUID().slice(0, 8)}@example.com`, password: `pw-${randomUUID()}` };
const { accessToken } = await (await fetch(`${appUrl}/api/auth/sign-up`, json(user))).json();
const auth = { authorization: `Bearer ${accessToken}` };
const claims = JSON.parse(Buffer.from(accessToken.split('.')[1], 'base64url').toString());
const newFolder = async (name) => (await fetch(`${appUrl}/api/folders`, json({ name, parentId: 'root' }, auth))).json();
const [from, to] = [await newFolder('Inbox'), await newFolder('Done')];

const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
const { rows } = await pool.query(
  `insert into files (user_id, added_by, account_id, name, size, storage_path, mime_type, folder)
   select $1, $1, $2, 'file-' || n || '.pdf', n, $1 || '/bench-bulk-' || n, 'application/pdf', $3
   from generate_series(1, ${ITEMS}) as n returning id`,
  [claims.sub, claims.acc, from.id],
);
await pool.query('vacuum analyze files');
const items = rows.map((r) => r.id);

const times = [];
for (let round = 0; round < ROUNDS; round++) {
  const started = performance.now();
  const res = await fetch(`${appUrl}/api/files/bulk/move`, json({ items, folderId: round % 2 ? from.id : to.id }, auth));
  const reply = await res.json();
  times.push(performance.now() - started);
  if (res.status !== 200 || reply.done.length !== ITEMS) throw new Error(`bulk move: ${res.status} ${JSON.stringify(reply).slice(0, 300)}`);
}
const { rows: counted } = await pool.query('select count(*)::int as n from files where folder = $1', [from.id]);
if (counted[0].n !== ITEMS) throw new Error(`the folder holds ${counted[0].n} items, not ${ITEMS}`);
await pool.end();
const sorted = [...times].sort((a, b) => a - b);
const [median, worst] = [sorted[Math.floor(sorted.length / 2)], sorted[sorted.length - 1]];
console.log(
  `bulk move of ${ITEMS} files in one request: median ${median.toFixed(0)} ms, slowest ${worst.toFixed(0)} ms of ${ROUNDS} (target: under ${TARGET_MS} ms)` +
    (worst < TARGET_MS ? '' : ' — OVER TARGET'),
);
if (worst >= TARGET_MS) process.exit(1);
