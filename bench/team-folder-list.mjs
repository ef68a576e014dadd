// Listing a page of 100 from a folder of 10,000 files in a team folder, ten restricted folders deep, against
// the same page of the same size in the member's own My files, both through Coffer in the same run: the access
// decision (the walk up to the nearest restricted folder, the plan, the hidden restricted folders) must cost
// little beside the listing itself (target ≥ 0.8).
//
// Needs a running Coffer whose files service uses a PostgreSQL server, and its dev key (to read the invitation):
//   COFFER_BENCH_APP_URL=… COFFER_BENCH_FILES_DATABASE_URL=postgres://… COFFER_BENCH_DEV_KEY=… node bench/team-folder-list.mjs
import { randomUUID } from 'node:crypto';
import pg from 'pg';

const appUrl = process.env.COFFER_BENCH_APP_URL;
const databaseUrl = process.env.COFFER_BENCH_FILES_DATABASE_URL;
const devKey = process.env.COFFER_BENCH_DEV_KEY;
if (!appUrl || !databaseUrl || !devKey) {
  console.error('team-folder-list: set COFFER_BENCH_APP_URL, COFFER_BENCH_FILES_DATABASE_URL and COFFER_BENCH_DEV_KEY');
  process.exit(2);
}
const FILES = Number(process.env.COFFER_BENCH_TEAM_FOLDER_FILES ?? 10_000);
const DEPTH = 10;
const PAGE = 100;
const REQUESTS = Number(process.env.COFFER_BENCH_REQUESTS ?? 1000);
const CONCURRENCY = 16;

async function api(path, { method = 'POST', body, token } = {}) {
  const res = await fetch(`${appUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}
const signUp = (email, extra = {}) => api('/api/auth/sign-up', { body: { fullName: 'Bench User', email, password: `pw-${randomUUID()}`, ...extra } });
const unique = (who) => `bench-${who}-${randomUUID().slice(0, 8)}@example.com`;

/** The invitation's secret, from the email the embedded mailbox captured. */
async function invitationToken(email) {
  for (let i = 0; i < 200; i++) {
    const res = await fetch(`${appUrl}/dev/mail?to=${encodeURIComponent(email)}`, { headers: { 'x-coffer-dev-key': devKey } });
    const mail = (await res.json()).items?.find((m) => /\/login\?invite=/.test(m.text));
    if (mail) return /\/login\?invite=([A-Za-z0-9_-]+)/.exec(mail.text)[1];
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no invitation email to ${email}`);
}

// An owner on Business (restricted folders need hasPermissions), and a member of the account.
const owner = await signUp(unique('owner'));
await api('/api/subscription', { body: { plan: 'business' }, token: owner.accessToken });
const memberEmail = unique('member');
await api('/api/team/invitations', { body: { email: memberEmail, role: 'member' }, token: owner.accessToken });
const member = await signUp(memberEmail, { inviteToken: await invitationToken(memberEmail) });

// A team folder, and ten restricted folders inside one another, each open to the member alone.
const teamFolder = await api('/api/team-folders', { body: { name: 'Bench team folder' }, token: owner.accessToken });
await api(`/api/folders/${teamFolder.id}/access`, { method: 'PUT', body: { entries: [{ grantee: 'everyone', level: 'view' }] }, token: owner.accessToken });
let deep = teamFolder;
for (let level = 1; level <= DEPTH; level++) {
  deep = await api('/api/folders', { body: { name: `Level ${level}`, parentId: deep.id }, token: owner.accessToken });
  await api(`/api/folders/${deep.id}/access`, {
    method: 'PUT',
    body: { own: true, entries: [{ grantee: member.user.id, level: 'edit' }] },
    token: owner.accessToken,
  });
}
// The same number of files in a folder of the member's My files.
const mine = await api('/api/folders', { body: { name: 'Bench folder', parentId: 'root' }, token: member.accessToken });

const claims = JSON.parse(Buffer.from(member.accessToken.split('.')[1], 'base64url').toString());
const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
const insert = `insert into files (user_id, team_folder_id, added_by, account_id, name, size, storage_path, mime_type, folder, created_at, updated_at)
   select $1, $2::uuid, $3, $4, 'file-' || n || '.pdf', n * 1000, $3 || '/bench-' || n || '.pdf', 'application/pdf', $5, now() - n * interval '1 second', now()
   from generate_series(1, ${FILES}) as n`;
await pool.query(insert, [null, teamFolder.id, claims.sub, claims.acc, deep.id]);
await pool.query(insert, [claims.sub, null, claims.sub, claims.acc, mine.id]);
// As autovacuum leaves a table soon after a bulk load: planner statistics and the visibility map up to date.
await pool.query('vacuum analyze files');
await pool.end();

function listing(folder) {
  const url = `${appUrl}/api/files?folder=${folder}&limit=${PAGE}`;
  const headers = { authorization: `Bearer ${member.accessToken}` };
  return async () => {
    const body = await (await fetch(url, { headers })).json();
    if (body.items?.length !== PAGE || body.total !== FILES)
      throw new Error(`expected ${PAGE} of ${FILES} items from ${url}, got ${JSON.stringify(body).slice(0, 200)}`);
  };
}

/** `count` listings, CONCURRENCY at a time; how long they took, in seconds. */
async function run(once, count) {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next++ < count) await once();
    }),
  );
  return (performance.now() - started) / 1000;
}

// Both listings warmed up before either is measured (the stack, the JIT and the database's caches warm up over the
// first thousands of requests after the bulk load: what is measured first would pay for it), then measured in turns,
// team folder, My files, twice, so a change of load on the machine weighs on both alike.
const team = listing(deep.id);
const own = listing(mine.id);
for (let round = 0; round < 2; round++) await Promise.all([run(team, REQUESTS / 2), run(own, REQUESTS / 2)]);
const seconds = { team: 0, own: 0 };
for (let round = 0; round < 2; round++) {
  seconds.team += await run(team, REQUESTS / 2);
  seconds.own += await run(own, REQUESTS / 2);
}
const inTeamFolder = REQUESTS / seconds.team;
const inMyFiles = REQUESTS / seconds.own;
const ratio = inTeamFolder / inMyFiles;
console.log(
  `list a page of ${PAGE} from ${FILES} files ${DEPTH} restricted folders deep in a team folder: ${inTeamFolder.toFixed(0)} req/s, against ${inMyFiles.toFixed(0)} req/s for the same page in My files; ratio ${ratio.toFixed(2)} (target ≥ 0.8)${ratio >= 0.8 ? '' : ' — UNDER TARGET'}`,
);
