// Moving and renaming a folder of 10,000 items: through Coffer (shell origin → gateway → NATS →
// files service → PostgreSQL: the loop check walking up the destination's parents, the names at the
// destination, one row changed, the event recorded) against one process running the same statements
// straight on the same database. Target: each answers in under 1 s, whatever the folder holds (one
// row changes, never one per item).
//
// Needs a running Coffer whose files service uses a PostgreSQL server (it never starts one):
//   COFFER_BENCH_APP_URL=… COFFER_BENCH_FILES_DATABASE_URL=postgres://… node bench/move-folder.mjs
import { randomUUID } from 'node:crypto';
import pg from 'pg';

const appUrl = process.env.COFFER_BENCH_APP_URL;
const databaseUrl = process.env.COFFER_BENCH_FILES_DATABASE_URL;
if (!appUrl || !databaseUrl) {
  console.error('move-folder: set COFFER_BENCH_APP_URL and COFFER_BENCH_FILES_DATABASE_URL');
  process.exit(2);
}
const ITEMS = Number(process.env.COFFER_BENCH_FOLDER_ITEMS ?? 10_000);
const ROUNDS = 20;
const TARGET_MS = 1000;
const json = (method, body, headers = {}) => ({ method, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

const user = { fullName: 'Bench User', email: `bench-${randomUUID().slice(0, 8)}@example.com`, password: `pw-${randomUUID()}` };
const { accessToken } = await (await fetch(`${appUrl}/api/auth/sign-up`, json('POST', user))).json();
const auth = { authorization: `Bearer ${accessToken}` };
const claims = JSON.parse(Buffer.from(accessToken.split('.')[1], 'base64url').toString());
const newFolder = async (name, parentId = 'root') => (await fetch(`${appUrl}/api/folders`, json('POST', { name, parentId }, auth))).json();
// Two places ten folders deep, so the loop check has parents to walk.
const deep = async (name) => {
  let parent = 'root';
  for (let level = 0; level < 10; level++) parent = (await newFolder(`${name} ${level}`, parent)).id;
  return parent;
};
const [left, right] = [await deep('Left'), await deep('Right')];
const big = await newFolder('Big folder', left);

const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
// Half files, half folders, so it holds a tree of its own.
await pool.query(
  `insert into files (user_id, added_by, account_id, name, size, storage_path, mime_type, folder)
   select $1, $1, $2, 'item-' || n, case when n % 2 = 0 then n else 0 end,
          case when n % 2 = 0 then $1 || '/bench-' || n end, case when n % 2 = 0 then 'application/pdf' else 'folder' end, $3
   from generate_series(1, ${ITEMS}) as n`,
  [claims.sub, claims.acc, big.id],
);
await pool.query('vacuum analyze files');

/** What the files service does for one move, as one process would run it on PostgreSQL straight. */
async function moveDirect(to, name) {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query('select pg_advisory_xact_lock(hashtext($1))', [`coffer-tree-${claims.sub}`]);
    const { rows } = await client.query(
      `with recursive up(id, parent, depth) as (
         select id, folder, 0 from files where user_id = $1 and id = $2
         union all
         select f.id, f.folder, up.depth + 1 from files f join up on f.id = (case when up.parent = 'root' then null else up.parent end)::uuid
         where f.user_id = $1 and up.depth < 1000)
       select exists (select 1 from up where id = $3) as within`,
      [claims.sub, to, big.id],
    );
    if (rows[0].within) throw new Error('loop');
    await client.query('select pg_advisory_xact_lock(hashtext($1))', [`coffer-names-${claims.sub}-${to}`]);
    await client.query(
      `select name from files where user_id = $1 and folder = $2 and deleted_at is null and mime_type = 'folder' and starts_with(lower(name), lower($3))`,
      [claims.sub, to, name],
    );
    await client.query('update files set folder = $1, name = $2, updated_at = now() where id = $3 and user_id = $4', [to, name, big.id, claims.sub]);
    await client.query('commit');
  } finally {
    client.release();
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
async function timed(work) {
  const times = [];
  for (let round = 0; round < ROUNDS; round++) {
    const started = performance.now();
    await work(round);
    times.push(performance.now() - started);
  }
  return { median: median(times), worst: Math.max(...times) };
}
async function viaCoffer(path, body) {
  const res = await fetch(`${appUrl}${path}`, json(path.endsWith('/rename') ? 'POST' : 'PATCH', body, auth));
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
}

const results = {
  move: {
    coffer: await timed((round) => viaCoffer(`/api/files/${big.id}`, { folderId: round % 2 ? left : right })),
    direct: await timed((round) => moveDirect(round % 2 ? right : left, 'Big folder')),
  },
  rename: {
    coffer: await timed((round) => viaCoffer(`/api/files/${big.id}/rename`, { name: `Big folder ${round}` })),
    direct: await timed((round) => moveDirect(left, `Big folder ${round}`)),
  },
};
const { rows: counted } = await pool.query('select count(*)::int as n from files where folder = $1', [big.id]);
if (counted[0].n !== ITEMS) throw new Error(`the folder holds ${counted[0].n} items, not ${ITEMS}`);
for (const [what, { coffer, direct }] of Object.entries(results))
  console.log(
    `${what} a folder of ${ITEMS} items (ten folders deep): median ${coffer.median.toFixed(1)} ms, slowest ${coffer.worst.toFixed(1)} ms through Coffer; ` +
      `${direct.median.toFixed(1)} ms straight on PostgreSQL; ratio ${(direct.median / coffer.median).toFixed(2)} (target: every one under ${TARGET_MS} ms)` +
      (coffer.worst < TARGET_MS ? '' : ' — OVER TARGET'),
  );
await pool.end();
if (Object.values(results).some(({ coffer }) => coffer.worst >= TARGET_MS)) process.exit(1);
