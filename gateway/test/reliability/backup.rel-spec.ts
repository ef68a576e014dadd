import { randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { generate } from 'otplib';
import {
  DEFAULT_EMAIL_PREFERENCES,
  type FileItem,
  type FileLink,
  type ListFilesReply,
  type ListSharesReply,
  type ListTeamReply,
  type Preferences,
} from '@coffer/contracts';
import { withInstallationPostgres } from '../../../deploy/local/backup.mjs';
import { databaseName, SERVICES, testDataDir, type Stack } from '../../../deploy/local/stack.mjs';
import { call, confirmedUser, enableTwoFactor, joinedMember, uploadFile } from '../support.js';
import { ownStack, ownStackDataDir } from './own-stack.js';

// `npm run backup` / `npm run restore` of the embedded default (one PostgreSQL server, as `npm start` runs it): a stack with files,
// shares, a team, settings and two-factor sign-in is backed up, wiped and restored; every row and every byte is back.

const SECOND = 1000;
const NAME = 'backup';
const ROOT = path.dirname(testDataDir());
let stack: Stack | undefined;

afterAll(async () => {
  await stack?.group.stopAll();
}, 60 * SECOND);

/** `npm run backup` / `npm run restore` with these arguments, on the test stack's data. */
const backupCommand = (...args: string[]) =>
  spawnSync(process.execPath, [path.join(ROOT, 'deploy/local/backup.mjs'), ...args, '--data-dir', ownStackDataDir(NAME)], { cwd: ROOT, encoding: 'utf8' });

/** Every row of every table of every service's database, as JSON per table (the stack stopped). */
const everyRow = () =>
  withInstallationPostgres(ownStackDataDir(NAME), async (postgres) => {
    const rows: Record<string, string> = {};
    for (const service of SERVICES) {
      const database = databaseName(service);
      const tables = postgres
        .psql(`select schemaname || '.' || tablename from pg_tables where schemaname not in ('pg_catalog', 'information_schema') order by 1`, database)
        .trim()
        .split('\n');
      for (const table of tables)
        rows[`${database}.${table}`] = postgres.psql(`select coalesce(json_agg(t order by t::text), '[]') from ${table} t`, database).trim();
    }
    return rows;
  });

const signIn = (email: string, password: string) =>
  call<{ accessToken: string; mfaRequired?: boolean; factorId?: string }>('/api/auth/sign-in', { body: { email, password, rememberMe: false } });

it(
  'backs up a stack with files, shares, a team and settings; after a wipe and a restore every row is there, every file byte for byte, and two-factor sign-in works',
  async () => {
    stack = await ownStack(NAME, { database: 'postgres', lean: true });
    const owner = await confirmedUser('Backup Owner');
    const member = await joinedMember(owner, 'member', 'Backup Member');
    const recipient = await confirmedUser('Share Recipient');
    const uploads: Array<{ file: FileItem; bytes: Buffer }> = [];
    for (const [name, size] of [
      ['plan.pdf', 1024],
      ['ledger.pdf', 200 * 1024],
      ['scan.pdf', 1536 * 1024],
    ] as const) {
      const bytes = randomBytes(size);
      uploads.push({ file: await uploadFile(owner, name, bytes), bytes });
    }
    expect((await call('/api/shares', { body: { fileId: uploads[1].file.id, email: recipient.email }, token: owner.accessToken })).status).toBe(201);
    expect((await call('/api/subscription/trial', { body: { plan: 'business' }, token: owner.accessToken })).status).toBe(201);
    const email = { ...DEFAULT_EMAIL_PREFERENCES, newsletter: true, marketing: false };
    expect((await call<Preferences>('/api/preferences', { method: 'PATCH', body: { email }, token: owner.accessToken })).status).toBe(200);
    const twoFactor = await enableTwoFactor(owner);
    expect(twoFactor.verified.status).toBe(200);
    const enabledInStep = Math.floor(Date.now() / (30 * SECOND));

    await stack.group.stopAll();
    stack = undefined;
    const rows = await everyRow();
    expect(rows['coffer_files.public.files']).toContain('ledger.pdf');
    const backupDir = path.join(testDataDir(), 'backup-of-reliability');
    fs.rmSync(backupDir, { recursive: true, force: true });
    const made = backupCommand('backup', backupDir);
    expect(made.stderr).toBe('');
    expect(made.status).toBe(0);

    // Over the installation it came from, the restore refuses without --force, and leaves it as it was.
    const over = backupCommand('restore', backupDir);
    expect(over.status).toBe(1);
    expect(over.stderr).toContain(
      `${ownStackDataDir(NAME)} already holds an installation (postgres, s3, nats, auth-secrets, mail): restore refuses to overwrite it.`,
    );
    // A backup of a newer schema (one more files migration than this Coffer knows) is refused even with --force.
    const newer = path.join(testDataDir(), 'backup-from-newer');
    fs.rmSync(newer, { recursive: true, force: true });
    fs.cpSync(backupDir, newer, { recursive: true });
    const manifestFile = path.join(newer, 'coffer-backup.json');
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as { schema: Record<string, { own: number }> };
    manifest.schema.files.own += 1;
    fs.writeFileSync(manifestFile, JSON.stringify(manifest));
    const refused = backupCommand('restore', newer, '--force');
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('was made by a newer Coffer: the files database has migrations this one does not know');
    expect(await everyRow()).toEqual(rows);

    // Wiped (all but the logs), restored.
    const dataDir = ownStackDataDir(NAME);
    for (const entry of fs.readdirSync(dataDir)) if (entry !== 'logs') fs.rmSync(path.join(dataDir, entry), { recursive: true, force: true });
    const restored = backupCommand('restore', backupDir);
    expect(restored.stderr).toBe('');
    expect(restored.status).toBe(0);
    expect(await everyRow()).toEqual(rows);

    stack = await ownStack(NAME, { database: 'postgres', lean: true, keepData: true });
    // Two-factor sign-in: the secret is read with the restored key (a code of another time step: codes are single-use).
    const first = await signIn(owner.email, owner.password);
    expect(first.body.mfaRequired).toBe(true);
    while (Math.floor(Date.now() / (30 * SECOND)) === enabledInStep)
      await new Promise((resolve) => setTimeout(resolve, 30 * SECOND - (Date.now() % (30 * SECOND)) + 200));
    const challenge = await call<{ id: string }>(`/api/auth/factors/${twoFactor.factorId}/challenge`, { method: 'POST', token: first.body.accessToken });
    const verified = await call<{ accessToken: string }>(`/api/auth/factors/${twoFactor.factorId}/verify`, {
      body: { challengeId: challenge.body.id, code: await generate({ secret: twoFactor.secret }) },
      token: first.body.accessToken,
    });
    expect(verified.status).toBe(200);
    const token = verified.body.accessToken;

    const listed = (await call<ListFilesReply>('/api/files?folder=root', { token })).body.items;
    for (const { file, bytes } of uploads) {
      expect(listed.find((item) => item.id === file.id)).toMatchObject({ name: file.name, size: bytes.length });
      const link = await call<FileLink>(`/api/files/${file.id}/link?disposition=attachment`, { token });
      expect(Buffer.from(await (await fetch(link.body.url)).arrayBuffer()).equals(bytes)).toBe(true);
    }
    const shared = (await call<ListSharesReply>('/api/shares?direction=by-me', { token })).body.items;
    expect(shared.map((s) => [s.fileId, s.sharedWithEmail])).toEqual([[uploads[1].file.id, recipient.email]]);
    const recipientToken = (await signIn(recipient.email, recipient.password)).body.accessToken;
    expect((await call<ListSharesReply>('/api/shares?direction=with-me', { token: recipientToken })).body.items.map((s) => s.fileId)).toEqual([
      uploads[1].file.id,
    ]);
    const team = (await call<ListTeamReply>('/api/team', { token })).body.items;
    expect(team.find((m) => m.email === member.email)).toMatchObject({ status: 'active', role: 'member', fullName: 'Backup Member' });
    expect((await call<Preferences>('/api/preferences', { token })).body.email).toEqual(email);
    expect((await signIn(member.email, member.password)).status).toBe(200);
  },
  600 * SECOND,
);
