// Listing a page of 100 from a folder of 100,000 files, the first page and the
// last: through Coffer (shell origin → gateway → NATS → files service →
// PostgreSQL) against one process serving the same answer over HTTP straight
// from the same database (the same two queries: the page after its cursor, and
// the folder's total).
//
// Needs a running Coffer whose files service uses a PostgreSQL server (it never starts one):
//   COFFER_BENCH_APP_URL=… COFFER_BENCH_FILES_DATABASE_URL=postgres://… node bench/list-page.mjs
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import pg from 'pg';

const appUrl = process.env.COFFER_BENCH_APP_URL;
const databaseUrl = process.env.COFFER_BENCH_FILES_DATABASE_URL;
if (!appUrl || !databaseUrl) {
  console.error('list-page: set COFFER_BENCH_APP_URL and COFFER_BENCH_FILES_DATABASE_URL');
  process.exit(2);
}
const FILES = Number(process.env.COFFER_BENCH_FOLDER_FILES ?? 100_000);
const PAGE = 100;
const REQUESTS = Number(process.env.COFFER_BENCH_REQUESTS ?? 1000);
const CONCURRENCY = 16;
const json = (body, headers = {}) => ({ method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

const user = { fullName: 'Bench User', email: `bench-${randomUUID().slice(0, 8)}@example.com`, password: `pw-${randomUUID()}` };
const { accessToken } = await (await fetch(`${appUrl}/api/auth/sign-up`, json(user))).json();
const auth = { authorization: `Bearer ${accessToken}` };
const claims = JSON.parse(Buffer.from(accessToken.split('.')[1], 'base64url').toString());
const folder = await (await fetch(`${appUrl}/api/folders`, json({ name: 'Big folder', parentId: 'root' }, auth))).json();

const pool = new pg.Pool({ connectionString: databaseUrl, max: CONCURRENCY });
await pool.query(
  `insert into files (user_id, added_by, account_id, name, size, storage_path, mime_type, folder, created_at, updated_at)
   select $1, $1, $2, 'file-' || n || '.pdf', n * 1000, $1 || '/bench-' || n || '.pdf', 'application/pdf', $3, now() - n * interval '1 second', now()
   from generate_series(1, ${FILES}) as n`,
  [claims.sub, claims.acc, folder.id],
);
// As autovacuum leaves a table soon after a bulk load: planner statistics and the visibility map up to date (for both sides).
await pool.query('vacuum analyze files');

// The raw backend: the same queries as the files service, one process, plain HTTP.
const direct = http.createServer(async (req, res) => {
  const after = new URL(req.url, 'http://x').searchParams.get('after');
  const visible = 'user_id = $1 and folder = $2 and deleted_at is null';
  const keyset = 'and (created_at, id) < ((select created_at from files where id = $4), $4::uuid)';
  const [{ rows }, { rows: counted }] = await Promise.all([
    pool.query(`select * from files where ${visible} ${after ? keyset : ''} order by created_at desc, id desc limit $3`, [
      claims.sub,
      folder.id,
      PAGE + 1,
      ...(after ? [after] : []),
    ]),
    pool.query(`select count(*)::int as total from files where ${visible}`, [claims.sub, folder.id]),
  ]);
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ items: rows.slice(0, PAGE), total: counted[0].total }));
});
await new Promise((r) => direct.listen(0, '127.0.0.1', r));
const directUrl = `http://127.0.0.1:${direct.address().port}/`;
// The last page starts after the item 100 from the end.
const {
  rows: [deep],
} = await pool.query('select id from files where user_id = $1 and folder = $2 and deleted_at is null order by created_at desc, id desc offset $3 limit 1', [
  claims.sub,
  folder.id,
  FILES - PAGE - 1,
]);

async function measure(url, headers) {
  const once = async () => {
    const r = await fetch(url, { headers });
    const body = await r.json();
    if (body.items?.length !== PAGE) throw new Error(`expected ${PAGE} items from ${url}, got ${body.items?.length}`);
  };
  for (let i = 0; i < 30; i++) await once();
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next++ < REQUESTS) await once();
    }),
  );
  return REQUESTS / ((performance.now() - started) / 1000);
}

for (const [where, query] of [
  ['first', ''],
  ['last', `&after=${deep.id}`],
]) {
  const viaCoffer = await measure(`${appUrl}/api/files?folder=${folder.id}&limit=${PAGE}${query}`, auth);
  const viaDirect = await measure(`${directUrl}?${query.slice(1)}`, {});
  const ratio = viaCoffer / viaDirect;
  console.log(
    `list the ${where} page of ${PAGE} from ${FILES} files: ${viaCoffer.toFixed(0)} req/s through Coffer, ${viaDirect.toFixed(0)} req/s from one process querying PostgreSQL directly; ratio ${ratio.toFixed(2)} (target ≥ 0.5)${ratio >= 0.5 ? '' : ' — UNDER TARGET'}`,
  );
}
direct.close();
await pool.end();
