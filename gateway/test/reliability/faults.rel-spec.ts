import { randomBytes, randomUUID } from 'node:crypto';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type {
  FileItem,
  HealthReport,
  ListCapturedMailReply,
  ListFilesReply,
  ListSharesReply,
  ListTeamReply,
  ShareItem,
  ShareLink,
  StorageUsage,
  UploadSlot,
} from '@coffer/contracts';
import { waitForHealthy, type Stack } from '../../../deploy/local/stack.mjs';
import {
  appUrl,
  call,
  confirmedUser,
  devKeyHeaders,
  eventually,
  gatewayUrl,
  joinedMember,
  signUp,
  uniqueEmail,
  uploadFile,
  type TestUser,
} from '../support.js';
import { inParallel, ownStack, recordFigures } from './own-stack.js';

// The reliability suite's scenarios that need a stack of their own: R2 (load), the sign-in burst,
// R7 (ended sessions across a gateway restart and a second gateway) and R1 (a service killed
// mid-work, NATS away for a minute). R3 to R6 run against the test stack
// (fuzz, authorization, share limits, tokens): see `npm run test:reliability`.

const SECOND = 1000;
let stack: Stack;

beforeAll(async () => {
  stack = await ownStack('faults');
}, 240 * SECOND);
afterAll(async () => {
  await stack?.group.stopAll();
}, 60 * SECOND);

async function objectsOf(userId: string): Promise<string[]> {
  const s3 = new S3Client({
    endpoint: stack.s3Endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const page = await s3.send(new ListObjectsV2Command({ Bucket: 'coffer-files', Prefix: `${userId}/`, ContinuationToken: token }));
    keys.push(...(page.Contents ?? []).map((o) => o.Key!));
    token = page.NextContinuationToken;
  } while (token);
  return keys;
}

const health = async (base = gatewayUrl()) => {
  const res = await fetch(`${base}/api/health`).catch(() => undefined);
  return res ? { status: res.status, report: (await res.json()) as HealthReport } : undefined;
};

describe('R2: 50 users at once for 60 s of mixed work', () => {
  it(
    'answers every request without an error, and leaves objects, rows and the storage meter one for one',
    async () => {
      const users = await inParallel(
        Array.from({ length: 50 }, () => () => confirmedUser()),
        4,
      );
      const errors: string[] = [];
      let requests = 0;
      /** One request of the run: counted, and an error unless its status is one of `ok`. */
      async function expectOk<T>(what: string, sent: Promise<{ status: number; body: T }>, ...ok: number[]) {
        const res = await sent;
        requests++;
        if (!ok.includes(res.status)) errors.push(`${what}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
        return res;
      }
      async function fetchOk(what: string, url: string, init: RequestInit, expectedBytes?: number) {
        const res = await fetch(url, init);
        const bytes = (await res.arrayBuffer()).byteLength;
        requests++;
        if (res.status !== 200 || (expectedBytes !== undefined && bytes !== expectedBytes)) errors.push(`${what}: ${res.status}, ${bytes} bytes`);
      }

      const kept = new Map<TestUser, Map<string, { size: number; trashed: boolean }>>();
      const deadline = Date.now() + 60 * SECOND;
      await Promise.all(
        users.map(async (user, i) => {
          const token = user.accessToken;
          const peer = users[(i + 1) % users.length];
          const mine = new Map<string, { size: number; trashed: boolean }>();
          kept.set(user, mine);
          let shares = 0;
          for (let n = 0; Date.now() < deadline; n++) {
            const ids = [...mine.keys()];
            const id = ids[Math.floor(Math.random() * ids.length)];
            const file = id ? mine.get(id)! : undefined;
            const roll = Math.random();
            if (!file || roll < 0.35) {
              const size = 1 + Math.floor(Math.random() * 64 * 1024);
              const slot = await expectOk('upload slot', call<UploadSlot>('/api/uploads', { body: { name: `load-${n}.bin`, size }, token }), 201);
              if (slot.status !== 201) continue;
              const put = await fetch(slot.body.url, { method: 'PUT', headers: slot.body.headers, body: new Uint8Array(randomBytes(size)) });
              requests++;
              if (put.status !== 200) errors.push(`upload PUT: ${put.status}`);
              const done = await expectOk('upload complete', call<FileItem>(`/api/uploads/${slot.body.uploadId}/complete`, { method: 'POST', token }), 201);
              if (done.status === 201) mine.set(done.body.id, { size, trashed: false });
            } else if (roll < 0.55) {
              await expectOk('list', call<ListFilesReply>('/api/files?folder=root', { token }), 200);
            } else if (roll < 0.65 && shares < 4 && !file.trashed) {
              shares++;
              const made = await expectOk('share', call<ShareItem>('/api/shares', { body: { fileId: id, email: peer.email }, token }), 201);
              if (made.status !== 201) continue;
              const link = await expectOk(
                'share open',
                call<ShareLink>(`/api/shares/${made.body.id}/link?disposition=attachment`, { token: peer.accessToken }),
                200,
              );
              if (link.status === 200) await fetchOk('share download', `${appUrl()}${link.body.url}`, {}, file.size);
            } else if (roll < 0.75 && !file.trashed) {
              const link = await expectOk('link', call<{ url: string }>(`/api/files/${id}/link?disposition=attachment`, { token }), 200);
              if (link.status === 200) await fetchOk('download', link.body.url, {}, file.size);
            } else if (!file.trashed) {
              await expectOk('trash', call(`/api/files/${id}/trash`, { method: 'POST', token }), 200);
              file.trashed = true;
            } else if (roll < 0.9) {
              await expectOk('restore', call(`/api/files/${id}/restore`, { method: 'POST', token }), 200);
              file.trashed = false;
            } else {
              await expectOk('delete forever', call(`/api/files/${id}`, { method: 'DELETE', token }), 204);
              mine.delete(id);
            }
          }
        }),
      );
      expect(errors).toEqual([]);

      let files = 0;
      for (const [user, mine] of kept) {
        const token = user.accessToken;
        const listed = async (query: string) =>
          (await call<ListFilesReply>(`/api/files?${query}`, { token })).body.items
            .filter((item) => !item.isFolder)
            .map((item) => item.id)
            .sort();
        const want = (trashed: boolean) =>
          [...mine]
            .filter(([, f]) => f.trashed === trashed)
            .map(([id]) => id)
            .sort();
        expect(await listed('folder=root')).toEqual(want(false));
        expect(await listed('view=trash')).toEqual(want(true));
        // Every row has its object and every object its row; the meter counts exactly those bytes.
        await eventually(async () => (await objectsOf(user.userId)).length === mine.size);
        const bytes = [...mine.values()].reduce((sum, f) => sum + f.size, 0);
        expect((await call<StorageUsage>('/api/storage/usage', { token })).body.usedBytes).toBe(bytes);
        files += mine.size;
      }
      recordFigures('R2', { users: users.length, seconds: 60, requests, errors: errors.length, files, mismatches: 0 });
    },
    300 * SECOND,
  );
});

describe('a burst of wrong sign-ins', () => {
  it(
    '150 at once from as many addresses are each answered (wrong password, or a quick 429), never a 5xx, while the rest of Coffer keeps serving',
    async () => {
      const user = await signUp();
      const started = Date.now();
      const burst = Array.from({ length: 150 }, (_, i) =>
        call('/api/auth/sign-in', {
          body: { email: uniqueEmail('burst'), password: 'not-the-password-1', rememberMe: false },
          headers: { 'x-forwarded-for': `198.18.${i >> 8}.${i & 255}` },
          base: gatewayUrl(),
        }),
      );
      const meanwhile = call<ListFilesReply>('/api/files?folder=root', { token: user.accessToken });
      const answers = await Promise.all(burst);
      const seconds = (Date.now() - started) / SECOND;
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s !== 400 && s !== 429)).toEqual([]);
      expect((await meanwhile).status).toBe(200);
      // And once it is over, the right password gets in at once.
      expect((await call('/api/auth/sign-in', { body: { email: user.email, password: user.password, rememberMe: false } })).status).toBe(200);
      recordFigures('sign-in burst', {
        attempts: 150,
        refusedWrongPassword: statuses.filter((s) => s === 400).length,
        refusedBusy: statuses.filter((s) => s === 429).length,
        errors: 0,
        seconds,
      });
    },
    120 * SECOND,
  );
});

describe('R7: ended sessions after a gateway restart, and on a gateway started later', () => {
  it(
    "refuses a signed-out, a demoted admin's, a removed admin's and a deleted user's token on the restarted gateway and on a second one, which is not ready while auth is away",
    async () => {
      const owner = await signUp({ fullName: 'Olga Owner' });
      expect((await call('/api/subscription/trial', { body: { plan: 'business' }, token: owner.accessToken })).status).toBe(201);
      const file = await uploadFile(owner, 'Board minutes.pdf', randomBytes(1000));
      const share = (await call<ShareItem>('/api/shares', { body: { fileId: file.id, email: uniqueEmail('partner') }, token: owner.accessToken })).body;
      const signedOut = await signUp();
      const demoted = await joinedMember(owner, 'admin', 'Dana Demoted');
      const removed = await joinedMember(owner, 'admin', 'Remy Removed');
      const erased = await signUp();
      // Each token's one request, and what it is refused by from now on (a 401).
      const attempts = {
        'signed out, lists files': (base: string) => call('/api/files?folder=root', { token: signedOut.accessToken, base }),
        'demoted admin, reads the audit log': (base: string) => call('/api/audit-logs', { token: demoted.accessToken, base }),
        "removed admin, revokes the old account's share": (base: string) =>
          call(`/api/shares/${share.id}`, { method: 'DELETE', token: removed.accessToken, base }),
        'deleted user, uploads a file': (base: string) => call('/api/uploads', { body: { name: 'after.txt', size: 5 }, token: erased.accessToken, base }),
      };
      // While they were valid, the admins could read the audit log (and so revoke the account's shares).
      await eventually(async () => (await call('/api/audit-logs', { token: demoted.accessToken })).status === 200);
      await eventually(async () => (await call('/api/audit-logs', { token: removed.accessToken })).status === 200);

      // Then the sessions end: a sign-out, a role taken away, a removal, a deletion.
      expect((await call('/api/auth/sign-out', { method: 'POST', cookie: signedOut.cookie })).status).toBe(204);
      expect((await call('/api/roles', { body: { email: demoted.email, role: 'member' }, token: owner.accessToken })).status).toBe(201);
      const removedRow = (await call<ListTeamReply>('/api/team', { token: owner.accessToken })).body.items.find((m) => m.email === removed.email)!;
      expect((await call(`/api/team/members/${removedRow.id}`, { method: 'DELETE', token: owner.accessToken })).status).toBe(200);
      expect((await call('/api/account/delete', { body: { email: erased.email }, token: erased.accessToken })).status).toBe(200);
      const statuses = async (base: string) => {
        const answers: Record<string, number> = {};
        for (const [what, attempt] of Object.entries(attempts)) answers[what] = (await attempt(base)).status;
        return answers;
      };
      const allRefused = Object.fromEntries(Object.keys(attempts).map((what) => [what, 401]));
      await eventually(async () => JSON.stringify(await statuses(gatewayUrl())) === JSON.stringify(allRefused));

      // The gateway restarts: it reads what ended before it serves a signed-in request.
      const gateway = (await stack.group.stopOne('gateway'))!;
      const restarted = Date.now();
      stack.group.startAgain(gateway);
      await waitForHealthy(`${gatewayUrl()}/api/health`);
      const restartSeconds = (Date.now() - restarted) / SECOND;
      expect(await statuses(gatewayUrl())).toEqual(allRefused);

      // A second gateway, started later on another port against the same NATS, never heard the events: refused there too.
      const secondPort = stack.ports.gateway + 7;
      const secondUrl = `http://127.0.0.1:${secondPort}`;
      stack.group.startAgain({ ...gateway, name: 'gateway-2', env: { ...gateway.env, GATEWAY_PORT: String(secondPort) } });
      await waitForHealthy(`${secondUrl}/api/health`);
      expect(await statuses(secondUrl)).toEqual(allRefused);

      // Nothing was done with them: the share is still there, the deleted user has no upload, and the owner's token works on both.
      const owned = await call<ListSharesReply>(`/api/shares?direction=by-me&fileId=${file.id}`, { token: owner.accessToken, base: secondUrl });
      expect(owned.body.items.map((s) => s.id)).toEqual([share.id]);
      expect((await call('/api/files?folder=root', { token: owner.accessToken })).status).toBe(200);

      // A gateway that starts while the auth service is away cannot know what ended: it is not ready (503),
      // and refuses signed-in requests rather than accept any token, until the auth service answers.
      const second = (await stack.group.stopOne('gateway-2'))!;
      const auth = (await stack.group.stopOne('auth'))!;
      stack.group.startAgain(second);
      const notReady = await eventually(() => health(secondUrl), 30 * SECOND);
      expect([notReady.status, notReady.report.status]).toEqual([503, 'down']);
      expect((await call('/api/files?folder=root', { token: signedOut.accessToken, base: secondUrl })).status).toBe(503);
      expect((await call('/api/files?folder=root', { token: owner.accessToken, base: secondUrl })).status).toBe(503);
      stack.group.startAgain(auth);
      await waitForHealthy(`${secondUrl}/api/health`);
      expect(await statuses(secondUrl)).toEqual(allRefused);
      expect((await call('/api/files?folder=root', { token: owner.accessToken, base: secondUrl })).status).toBe(200);
      await stack.group.stopOne('gateway-2');
      recordFigures('R7', {
        tokens: Object.keys(attempts).length,
        refusedAfterRestart: Object.keys(attempts).length,
        refusedBySecondGateway: Object.keys(attempts).length,
        restartSeconds: Math.round(restartSeconds * 10) / 10,
      });
    },
    180 * SECOND,
  );
});

describe('R1: a service killed in the middle of 100 shares, then NATS away for 60 s', () => {
  it(
    'loses no share and sends no email twice, refuses while NATS is away, and is ready again within 10 s',
    async () => {
      const owners = await inParallel(
        Array.from({ length: 4 }, () => () => signUp()),
        2,
      );
      const filesOf = await Promise.all(
        owners.map(async (owner) => {
          await eventually(async () => (await call<ListFilesReply>('/api/files?folder=root', { token: owner.accessToken })).body.items.length >= 4);
          const slot = await call<UploadSlot>('/api/uploads', {
            body: { name: 'Quarterly report.pdf', size: 2048, mimeType: 'application/pdf' },
            token: owner.accessToken,
          });
          await fetch(slot.body.url, { method: 'PUT', headers: slot.body.headers, body: new Uint8Array(randomBytes(2048)) });
          return (await call<FileItem>(`/api/uploads/${slot.body.uploadId}/complete`, { method: 'POST', token: owner.accessToken })).body;
        }),
      );
      const recipients = Array.from({ length: 100 }, (_, i) => uniqueEmail(`r1-${i}`));

      /**
       * The Share dialog's client: a share answered 5xx (or not at all) is sent again with the same request
       * id, so a share the server made is answered again, not made or emailed twice.
       */
      let retried = 0;
      async function shareUntilDone(owner: TestUser, file: FileItem, email: string) {
        const requestId = randomUUID();
        for (;;) {
          const res = await call<ShareItem>('/api/shares', { body: { fileId: file.id, email, requestId }, token: owner.accessToken }).catch(() => undefined);
          if (res?.status === 201) return;
          if (res && res.status < 500) throw new Error(`share to ${email} refused: ${res.status} ${JSON.stringify(res.body)}`);
          retried++;
          await new Promise((r) => setTimeout(r, 250));
        }
      }

      let done = 0;
      let quarter!: () => void;
      const quarterDone = new Promise<void>((resolve) => (quarter = resolve));
      const all = inParallel(
        recipients.map((_, i) => async () => {
          await shareUntilDone(owners[i % owners.length], filesOf[i % owners.length], recipients[i]);
          if (++done === recipients.length / 4) quarter();
        }),
        8,
      );
      await Promise.race([quarterDone, all]);
      // A quarter in: the sharing service and the notification service crash (SIGKILL) and come back.
      for (const service of ['sharing', 'notification']) {
        const entry = await stack.group.stopOne(service, 10 * SECOND, 'SIGKILL');
        stack.group.startAgain(entry!);
      }
      await all;

      // Every share is there once, and every recipient got exactly one email.
      for (const [o, owner] of owners.entries()) {
        const listed = await call<ListSharesReply>(`/api/shares?direction=by-me&fileId=${filesOf[o].id}&limit=500`, { token: owner.accessToken });
        expect(listed.body.items.map((s) => s.sharedWithEmail).sort()).toEqual(recipients.filter((_, i) => i % owners.length === o).sort());
      }
      /** How many emails each recipient got; undefined while the mailbox does not answer (its service restarting). */
      const mailCounts = async (addresses: string[]) => {
        const counts = await inParallel(
          addresses.map((to) => async () => {
            const res = await call<ListCapturedMailReply>(`/dev/mail?to=${encodeURIComponent(to)}`, { headers: devKeyHeaders() });
            return res.status === 200 ? res.body.items.length : undefined;
          }),
          8,
        );
        return counts.every((c) => c !== undefined) ? counts : undefined;
      };
      await eventually(async () => (await mailCounts(recipients))?.every((c) => c >= 1), 60 * SECOND);
      expect(await mailCounts(recipients)).toEqual(Array(100).fill(1));

      // NATS away: the gateway says it is not ready and answers at once, instead of hanging.
      const nats = await stack.group.stopOne('nats');
      const down = await eventually(async () => {
        const h = await health();
        return h?.status === 503 && h;
      }, 30 * SECOND);
      expect(down.report.status).toBe('down');
      const refused = await call('/api/files?folder=root', { token: owners[0].accessToken });
      expect(refused.status).toBe(503);
      await new Promise((r) => setTimeout(r, 60 * SECOND));
      stack.group.startAgain(nats!);
      const back = Date.now();
      await eventually(async () => (await health())?.report.status === 'ok', 10 * SECOND);
      const readySeconds = (Date.now() - back) / SECOND;

      // And it works as before: a new share is made and emailed once.
      const after = uniqueEmail('r1-after');
      await shareUntilDone(owners[0], filesOf[0], after);
      await eventually(async () => (await mailCounts([after]))?.[0] === 1, 30 * SECOND);
      recordFigures('R1', {
        shares: recipients.length,
        retriedAfter5xx: retried,
        lost: 0,
        doubledEmails: 0,
        natsAwaySeconds: 60,
        readyAgainSeconds: Math.round(readySeconds * 10) / 10,
      });
    },
    420 * SECOND,
  );
});

describe('the files service killed around upload confirmations', () => {
  it(
    'answers every retried confirmation with its one stored file, confirmed before the crash or during it, never "Upload not found"',
    async () => {
      const user = await signUp();
      const token = user.accessToken;
      await eventually(async () => (await call<ListFilesReply>('/api/files?folder=root', { token })).body.items.length >= 4);
      /** An upload slot whose bytes arrived, not yet confirmed. */
      const sentUpload = async (name: string) => {
        const slot = await call<UploadSlot & { message?: string }>('/api/uploads', { body: { name, size: 1024, mimeType: 'application/pdf' }, token });
        expect([slot.status, slot.body.message]).toEqual([201, undefined]);
        expect((await fetch(slot.body.url, { method: 'PUT', headers: slot.body.headers, body: new Uint8Array(randomBytes(1024)) })).status).toBe(200);
        return slot.body.uploadId;
      };
      const confirm = (uploadId: string) =>
        call<FileItem & { message?: string }>(`/api/uploads/${uploadId}/complete`, { method: 'POST', token }).catch(() => undefined);
      /** The upload dialog's client: a confirmation answered 5xx (or not at all) is sent again, for up to a minute. */
      let resent = 0;
      const confirmUntilAnswered = async (uploadId: string) => {
        for (const deadline = Date.now() + 60 * SECOND; Date.now() < deadline; resent++) {
          const res = await confirm(uploadId);
          if (res && res.status < 500) return res;
          await new Promise((r) => setTimeout(r, 250));
        }
        throw new Error(`The confirmation of ${uploadId} got no answer within a minute`);
      };

      // Confirmed and committed, then the service crashes (SIGKILL): its retry gets the stored file.
      const committed = await sentUpload('Committed.pdf');
      const first = await confirm(committed);
      expect(first?.status).toBe(201);
      // Eight more confirmations in flight as it crashes: each committed before the crash, or not, and is retried.
      const inFlight = await Promise.all(Array.from({ length: 8 }, (_, i) => sentUpload(`In flight ${i}.pdf`)));
      const answers = Promise.all(inFlight.map((id) => confirmUntilAnswered(id)));
      stack.group.startAgain((await stack.group.stopOne('files', 10 * SECOND, 'SIGKILL'))!);

      const [retried, answered] = await Promise.all([confirmUntilAnswered(committed), answers]);
      expect([retried.status, retried.body.id, retried.body.message]).toEqual([201, first!.body.id, undefined]);
      expect(answered.map((a) => [a.status, a.body.message])).toEqual(inFlight.map(() => [201, undefined]));
      // One file per upload, counted once.
      const listed = (await call<ListFilesReply>('/api/files?folder=root', { token })).body.items.filter((f) => !f.isFolder);
      expect(listed.map((f) => f.id).sort()).toEqual([first!.body.id, ...answered.map((a) => a.body.id)].sort());
      expect((await call<StorageUsage>('/api/storage/usage', { token })).body.usedBytes).toBe(9 * 1024);
      recordFigures('upload confirmations across a crash', { confirmations: 9, retriedAfter5xx: resent, uploadNotFound: 0, files: listed.length });
    },
    120 * SECOND,
  );
});
