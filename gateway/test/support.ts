import { setDnsFailure, setTxtRecords, type DnsFailure } from '../../deploy/local/dns-test-server.mjs';
import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { generate } from 'otplib';
import type {
  TeamMember,
  HttpErrorBody,
  CapturedMail,
  FactorEnrolled,
  FileItem,
  ListCapturedMailReply,
  ListFilesReply,
  ListSharesReply,
  NewUpload,
  UploadPartsReply,
} from '@coffer/contracts';
import { isMultipartUpload } from '@coffer/contracts';
import { eventually } from '@coffer/server-core/testing';

/** The shell origin of the test stack: the browser's one origin, /api proxied to the gateway. */
export const appUrl = () => process.env.COFFER_TEST_APP_URL as string;
/** The gateway itself: tests that fake a client IP (X-Forwarded-For) talk to it directly from loopback. */
export const gatewayUrl = () => process.env.COFFER_TEST_GATEWAY_URL as string;

export interface CallOptions {
  method?: string;
  body?: unknown;
  token?: string;
  cookie?: string;
  headers?: Record<string, string>;
  base?: string;
}

/** One HTTP call to the API; returns the response and its parsed JSON body (if any). */
export async function call<T = Record<string, unknown>>(path: string, opts: CallOptions = {}) {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.cookie) headers.cookie = opts.cookie;
  const res = await fetch(`${opts.base ?? appUrl()}${path}`, {
    method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await res.text();
  const body = (text ? JSON.parse(text) : undefined) as T;
  return { res, body, status: res.status, cookie: refreshCookie(res) };
}

/** The `name=value` of the refresh cookie a response set, if it set one. */
export function refreshCookie(res: Response): string | undefined {
  const header = res.headers.getSetCookie().find((c) => c.startsWith('coffer_refresh='));
  const pair = header?.split(';')[0];
  return pair && pair !== 'coffer_refresh=' ? pair : undefined;
}

export const uniqueEmail = (tag = 'user') => `${tag}-${randomUUID().slice(0, 8)}@example.com`;

export interface TestUser {
  email: string;
  password: string;
  fullName: string;
  accessToken: string;
  cookie: string;
  userId: string;
}

/** Signs a new user up through the API. */
export async function signUp(overrides: Partial<Pick<TestUser, 'email' | 'password' | 'fullName'>> & { inviteToken?: string } = {}): Promise<TestUser> {
  const { inviteToken, ...rest } = overrides;
  const user = { email: uniqueEmail(), password: `pw-${randomUUID()}`, fullName: 'Test User', ...rest };
  const { status, body, cookie } = await call<{ accessToken: string; user: { id: string } }>('/api/auth/sign-up', { body: { ...user, inviteToken } });
  if (status !== 201 || !cookie) throw new Error(`sign-up failed: ${status} ${JSON.stringify(body)}`);
  return { ...user, accessToken: body.accessToken, cookie, userId: body.user.id };
}

/** The user with a fresh access token (what the browser does after a 401), from their refresh cookie. */
export async function refreshed(user: TestUser): Promise<TestUser> {
  const { status, body, cookie } = await call<{ accessToken: string }>('/api/auth/refresh', { method: 'POST', cookie: user.cookie });
  if (status !== 200 || !cookie) throw new Error(`refresh failed: ${status} ${JSON.stringify(body)}`);
  return { ...user, accessToken: body.accessToken, cookie };
}

/** The user signed in again with their password (a removed member: their sessions ended). */
export async function signedInAgain(user: TestUser): Promise<TestUser> {
  const { status, body, cookie } = await call<{ accessToken: string }>('/api/auth/sign-in', {
    body: { email: user.email, password: user.password, rememberMe: false },
  });
  if (status !== 200 || !cookie) throw new Error(`sign-in failed: ${status} ${JSON.stringify(body)}`);
  return { ...user, accessToken: body.accessToken, cookie };
}

/** The header that opens /dev/* to the test run that started the stack (its DEV_KEY). */
/** Sets a name's TXT records in the test stack's DNS server (deploy/local/dns-test-server.mjs). */
export const publishTxt = (name: string, values: string[]) => setTxtRecords(process.env.COFFER_TEST_DNS_URL as string, name, values);
/** Makes the stack's DNS server fail the queries of `name` (SERVFAIL, or no answer); null answers them again. */
export const failDns = (name: string, failure: DnsFailure | null) => setDnsFailure(process.env.COFFER_TEST_DNS_URL as string, name, failure);

export const devKeyHeaders = () => ({ 'x-coffer-dev-key': process.env.COFFER_TEST_DEV_KEY as string });

/** The emails to `to` the embedded mailbox captured, newest first. */
export async function capturedMailTo(to: string): Promise<CapturedMail[]> {
  return (await call<ListCapturedMailReply>(`/dev/mail?to=${encodeURIComponent(to)}`, { headers: devKeyHeaders() })).body.items;
}

/** Waits for an email to `to` whose subject is `subject`, captured by the embedded mailbox. */
export async function mailTo(to: string, subject: string, timeoutMs = 30_000): Promise<CapturedMail> {
  return eventually(async () => (await capturedMailTo(to)).find((m) => m.subject === subject), timeoutMs).catch(() => {
    throw new Error(`No email "${subject}" to ${to} within ${timeoutMs} ms`);
  });
}

/** Waits for an email to `to` whose text matches `pattern`, captured by the embedded mailbox. */
export async function mailMatching(to: string, pattern: RegExp, timeoutMs = 30_000): Promise<CapturedMail> {
  return eventually(async () => (await capturedMailTo(to)).find((m) => pattern.test(m.text)), timeoutMs);
}

/** The token of the first Coffer link with `path` in an email's text. */
export function linkToken(mail: CapturedMail, path: string): string {
  const match = mail.text.match(new RegExp(`https?://[^\\s]+${path}\\?token=([A-Za-z0-9_-]+)`));
  if (!match) throw new Error(`No ${path} link in "${mail.subject}"`);
  return match[1];
}

/** The one wait of every test tier: polls until the state is there (30 s bound, for a loaded two-core machine). */
export { eventually };

/** A user who confirmed their email address: only they see files shared with it. */
export async function confirmedUser(fullName = 'Test User'): Promise<TestUser> {
  const user = await signUp({ fullName });
  const token = linkToken(await mailTo(user.email, 'Confirm your email address'), '/verify-email');
  expect((await call('/api/auth/email/verify', { body: { token } })).status).toBe(204);
  // The sharing service hears of the confirmation from auth's event.
  await eventually(async () => (await call<ListSharesReply>('/api/shares?direction=with-me', { token: user.accessToken })).body.emailConfirmed);
  return user;
}

export async function uploadFile(
  user: TestUser,
  name: string,
  bytes: Buffer,
  { mimeType = 'application/pdf', folderId = 'root', onExisting }: { mimeType?: string; folderId?: string; onExisting?: 'replace' | 'keep-both' } = {},
): Promise<FileItem> {
  await eventually(async () => (await call<ListFilesReply>('/api/files?folder=root', { token: user.accessToken })).body.items.length >= 4);
  const slot = await call<NewUpload>('/api/uploads', {
    body: { name, size: bytes.length, mimeType, folderId, ...(onExisting ? { onExisting } : {}) },
    token: user.accessToken,
  });
  if (isMultipartUpload(slot.body)) {
    // Over the multipart threshold: each part to its presigned URL (the first ones come with the upload).
    const upload = slot.body;
    const given = upload.parts ?? [];
    const missing = Array.from({ length: upload.partCount }, (_, i) => i + 1).filter((n) => !given.some((p) => p.partNumber === n));
    const asked = missing.length
      ? (await call<UploadPartsReply>(`/api/uploads/${upload.uploadId}/parts`, { body: { partNumbers: missing }, token: user.accessToken })).body.parts
      : [];
    for (const part of [...given, ...asked]) {
      const start = (part.partNumber - 1) * upload.partSize;
      await fetch(part.url, { method: 'PUT', body: new Uint8Array(bytes.subarray(start, start + part.size)) });
    }
  } else {
    await fetch(slot.body.url, { method: 'PUT', headers: slot.body.headers, body: new Uint8Array(bytes) });
  }
  return (await call<FileItem>(`/api/uploads/${slot.body.uploadId}/complete`, { method: 'POST', token: user.accessToken })).body;
}

/** Reads a user's event stream (GET /api/events) into a string until stopped; `ended` when the server ended it. */
export async function eventStream(user: TestUser) {
  const controller = new AbortController();
  const res = await fetch(`${appUrl()}/api/events`, { headers: { authorization: `Bearer ${user.accessToken}` }, signal: controller.signal });
  const reader = res.body!.getReader();
  const stream = { contentType: res.headers.get('content-type'), received: '', ended: false, stop: async () => undefined as unknown };
  const reading = (async () => {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) {
        stream.ended = !controller.signal.aborted;
        return;
      }
      stream.received += Buffer.from(value).toString();
    }
  })().catch(() => undefined);
  stream.stop = async () => {
    controller.abort();
    await reading;
  };
  return stream;
}

/** Invites `email` to the account of `user` (owner and admins may). */
export const invite = (user: TestUser, email: string, role?: 'member' | 'admin') =>
  call<TeamMember & HttpErrorBody>('/api/team/invitations', { body: { email, role }, token: user.accessToken });

/** The invitation link's secret, from the user-invited email. */
export async function invitationToken(email: string): Promise<string> {
  const mail = await mailMatching(email, /\/login\?invite=/);
  return /\/login\?invite=([A-Za-z0-9_-]+)/.exec(mail.text)![1];
}

/** Invites `email` and signs them up from the email's link: a member of the inviter's account. */
export async function joinedMember(owner: TestUser, role: 'member' | 'admin' = 'member', fullName = 'Team Member'): Promise<TestUser> {
  const email = uniqueEmail(role);
  const invited = await invite(owner, email, role);
  if (invited.status !== 201) throw new Error(`invite failed: ${invited.status} ${JSON.stringify(invited.body)}`);
  return signUp({ email, fullName, inviteToken: await invitationToken(email) });
}

/** Turns two-factor authentication on for `user`: enrolled, challenged and verified with a code of its secret. */
export async function enableTwoFactor(user: TestUser) {
  const enrolled = await call<FactorEnrolled>('/api/auth/factors', { method: 'POST', token: user.accessToken });
  const challenge = await call<{ id: string }>(`/api/auth/factors/${enrolled.body.id}/challenge`, { method: 'POST', token: user.accessToken });
  const code = await generate({ secret: enrolled.body.secret });
  const verified = await call<{ accessToken: string; recoveryCodes: string[] }>(`/api/auth/factors/${enrolled.body.id}/verify`, {
    body: { challengeId: challenge.body.id, code },
    token: user.accessToken,
  });
  return {
    enrolled,
    code,
    verified,
    factorId: enrolled.body.id,
    secret: enrolled.body.secret,
    accessToken: verified.body.accessToken,
    recoveryCodes: verified.body.recoveryCodes,
  };
}

/** The test stack's S3 itself, to check what the store really holds. */
export const stackS3 = () =>
  new S3Client({
    endpoint: process.env.COFFER_TEST_STACK_S3_ENDPOINT,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });

/** The keys of every object the store holds for a user. */
export async function objectsOf(userId: string): Promise<string[]> {
  const listed = await stackS3().send(new ListObjectsV2Command({ Bucket: 'coffer-files', Prefix: `${userId}/` }));
  return (listed.Contents ?? []).map((o) => o.Key!);
}

/** The multipart uploads the embedded store holds for a user (s3rver keeps each in a folder, with its key). */
export async function storeUploadsOf(userId: string): Promise<{ uploadId: string; key: string }[]> {
  const dir = join(process.env.COFFER_TEST_DATA_DIR!, 's3', 'coffer-files', '._S3rver_uploads');
  const held = await Promise.all(
    (await readdir(dir).catch(() => [])).map(async (uploadId) => ({ uploadId, key: await readFile(join(dir, uploadId, 'key'), 'utf8').catch(() => '') })),
  );
  return held.filter((u) => u.key.startsWith(`${userId}/`));
}

/** Parses CSV (quoted cells that may hold commas, doubled quotes and line breaks; CRLF lines) back into rows of cells. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') ((cell += '"'), i++);
      else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') (row.push(cell), (cell = ''));
    else if (c === '\r' && text[i + 1] === '\n') (row.push(cell), rows.push(row), (row = []), (cell = ''), i++);
    else cell += c;
  }
  return rows;
}
