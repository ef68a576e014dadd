import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Logger, type INestMicroservice } from '@nestjs/common';
import { connect } from '@nats-io/transport-node';
import { jetstream } from '@nats-io/jetstream';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import {
  AuthEvent,
  BillingEvent,
  FilesEvent,
  NotificationSubject,
  SharingEvent,
  type CallerIdentity,
  type ContactRequestReceived,
  type FileItem,
  type ShareItem,
} from '@coffer/contracts';
import { EventBus, loadConfig, runService } from '@coffer/server-core';
import { DATABASE_KINDS, eventually, freshDatabase, newCaller, TestCaller, testInfra } from '@coffer/server-core/testing';
import { AppModule } from '../src/app.module.js';
import { notificationConfigSchema } from '../src/config.js';

Logger.overrideLogger(false);

interface Received {
  to: string[];
  mail: ParsedMail;
}

/** A real SMTP server that keeps what it receives; it can refuse the next N messages. */
async function startSmtp() {
  const received: Received[] = [];
  let refuse = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', async () => {
        if (refuse > 0) {
          refuse -= 1;
          callback(Object.assign(new Error('Mailbox temporarily unavailable'), { responseCode: 451 }));
          return;
        }
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), mail: await simpleParser(Buffer.concat(chunks)) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { received, url: `smtp://127.0.0.1:${port}`, refuseNext: (n: number) => (refuse = n), close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** A file as the files service's events carry it. */
function fileItem(name: string): FileItem {
  const now = new Date().toISOString();
  return { id: randomUUID(), name, size: 4, mimeType: 'text/plain', folderId: 'root', isFolder: false, createdAt: now, updatedAt: now, deletedAt: null, lastAccessedAt: now };
}

/** A share as the sharing service's events carry it. */
function shareItem(sharer: CallerIdentity, fileName: string): ShareItem {
  return {
    id: randomUUID(),
    fileId: randomUUID(),
    fileName,
    fileSize: 4,
    mimeType: 'text/plain',
    sharedByUserId: sharer.userId,
    sharedByName: 'Ada Lovelace',
    sharedWithEmail: `${randomUUID().slice(0, 8)}@example.com`,
    allowedIps: null,
    expiresAt: null,
    maxAccessCount: null,
    accessCount: 0,
    createdAt: new Date().toISOString(),
    isShared: true,
    isOwner: true,
  };
}

// One file for email and activity: both are the notification service, one durable consumer that must not be split between two test apps.
describe.each(DATABASE_KINDS)('notification service on %s', (kind) => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let app: INestMicroservice;
  let publisher: EventBus;
  let caller: TestCaller;

  const mailTo = (address: string) => eventually(async () => smtp.received.find((r) => r.to.includes(address)));
  const user = () => ({ userId: randomUUID(), accountId: randomUUID(), email: `${randomUUID().slice(0, 8)}@example.com`, fullName: 'Ada Lovelace' });

  beforeAll(async () => {
    smtp = await startSmtp();
    const env = {
      ...(await freshDatabase(kind)),
      NATS_URL: testInfra().natsUrl,
      SMTP_URL: smtp.url,
      APP_URL: 'https://coffer.example.com',
      SALES_EMAIL: `sales-${kind}@coffer.example.com`,
      LOG_LEVEL: 'error',
    };
    const config = loadConfig(notificationConfigSchema, env);
    app = await runService('notification', config, AppModule.forConfig(config));
    publisher = await EventBus.connect({ natsUrl: testInfra().natsUrl, consumer: 'email-test-publisher', logger: new Logger('test') });
    caller = new TestCaller();
  });
  afterAll(async () => {
    await app.close();
    await publisher.close();
    await caller.close();
    await smtp.close();
  });

  it('welcomes a new user with a link to the dashboard', async () => {
    const u = user();
    await publisher.publish(AuthEvent.UserRegistered, { accountId: u.accountId, actorId: u.userId, payload: u });
    const { mail } = await mailTo(u.email);
    expect(mail.subject).toBe('Welcome to Coffer');
    expect(mail.from?.value).toEqual([{ name: 'Coffer', address: 'no-reply@coffer.local' }]);
    expect(mail.text).toContain('Hi Ada Lovelace,');
    expect(mail.text).toContain('https://coffer.example.com/dashboard');
    expect(mail.html).toContain('href="https://coffer.example.com/dashboard"');
  });

  it('sends the email verification link', async () => {
    const u = user();
    const token = randomUUID();
    await publisher.publish(AuthEvent.EmailVerificationRequested, {
      accountId: u.accountId,
      actorId: u.userId,
      payload: { ...u, token },
    });
    const { mail } = await mailTo(u.email);
    expect(mail.subject).toBe('Confirm your email address');
    expect(mail.text).toContain(`https://coffer.example.com/verify-email?token=${token}`);
  });

  it('sends the one-time password reset link', async () => {
    const u = user();
    const token = randomUUID();
    await publisher.publish(AuthEvent.PasswordResetRequested, {
      accountId: u.accountId,
      actorId: u.userId,
      payload: { ...u, token, expiresAt: new Date(Date.now() + 3600_000).toISOString() },
    });
    const { mail } = await mailTo(u.email);
    expect(mail.subject).toBe('Reset your Coffer password');
    expect(mail.text).toContain(`https://coffer.example.com/reset-password?token=${token}`);
  });

  it('sends the trial-started email with the plan and the end date as a long US date', async () => {
    const u = user();
    await publisher.publish(BillingEvent.TrialStarted, {
      accountId: u.accountId,
      actorId: u.userId,
      payload: { planType: 'business', planName: 'Business Plan', trialEndDate: '2026-12-07T18:00:00.000Z', email: u.email, fullName: u.fullName },
    });
    const { mail } = await mailTo(u.email);
    expect(mail.subject).toBe('Your 14-day free trial of Business Plan has begun');
    expect(mail.text).toContain('Hi Ada Lovelace,');
    expect(mail.text).toContain('Your trial ends on December 7, 2026.');
    expect(mail.text).toContain('https://coffer.example.com/dashboard');
    expect(mail.html).toContain('<strong>December 7, 2026</strong>');
  });

  it('forwards a Contact Sales request to the sales inbox, escaping what the visitor typed', async () => {
    // The sales inbox also gets other tests' requests: this one's company is unique.
    const company = `Acme <Ltd> ${randomUUID().slice(0, 6)}`;
    const request: ContactRequestReceived = {
      id: randomUUID(),
      name: 'Grace Hopper',
      email: 'grace@acme.example',
      company,
      message: 'We need 8 TB.\n<script>alert(1)</script>',
      receivedAt: new Date().toISOString(),
    };
    await publisher.publish(BillingEvent.ContactRequestReceived, { accountId: '', actorId: '', payload: request });
    const { mail } = await eventually(async () =>
      smtp.received.find((r) => r.to.includes(`sales-${kind}@coffer.example.com`) && r.mail.subject?.includes(company)),
    );
    expect(mail.subject).toBe(`Contact Sales: ${company} (Grace Hopper)`);
    expect(mail.text).toContain('Email address: grace@acme.example');
    expect(mail.text).toContain('Phone number: not given');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).not.toContain('<script>');
  });

  it('retries an email the SMTP server refused, and never sends one twice for the same event', async () => {
    const u = user();
    smtp.refuseNext(1);
    const sent = await publisher.publish(AuthEvent.UserRegistered, { accountId: u.accountId, actorId: u.userId, payload: u });
    await mailTo(u.email);

    // The same event again, as a redelivery after a lost ack would bring it.
    const nc = await connect({ servers: testInfra().natsUrl });
    await jetstream(nc).publish(AuthEvent.UserRegistered, JSON.stringify(sent));
    await nc.drain();
    const marker = user();
    await publisher.publish(AuthEvent.UserRegistered, { accountId: marker.accountId, actorId: marker.userId, payload: marker });
    await mailTo(marker.email);
    expect(smtp.received.filter((r) => r.to.includes(u.email))).toHaveLength(1);
  });

  it("logs uploads, deletes and shares in the user's Activity Log, once per event", async () => {
    const user = newCaller();
    const who = { accountId: user.accountId, actorId: user.userId };
    const uploaded = await publisher.publish(FilesEvent.FileUploaded, { ...who, payload: { item: fileItem('Report.pdf'), userId: user.userId } });
    await publisher.publish(FilesEvent.FileTrashed, { ...who, payload: { item: fileItem('Old.txt'), userId: user.userId } });
    await publisher.publish(SharingEvent.ShareCreated, {
      ...who,
      payload: { share: shareItem(user, ''), sharedByFullName: 'Ada Lovelace', sharedByEmail: 'ada@example.com', recipientUserId: null },
    });
    // Moves and folders are not in the log.
    await publisher.publish(FilesEvent.FolderCreated, { ...who, payload: { item: { ...fileItem('Folder'), isFolder: true }, userId: user.userId } });
    const log = async () => (await caller.request(NotificationSubject.ListActivity, {}, user)).items;
    await eventually(async () => (await log()).length === 3);
    expect((await log()).map((e) => [e.kind, e.fileName]).sort()).toEqual([
      ['delete', 'Old.txt'],
      ['share', 'a file'],
      ['upload', 'Report.pdf'],
    ]);

    // The upload again, as a redelivery brings it: the log does not change.
    const nc = await connect({ servers: testInfra().natsUrl });
    await jetstream(nc).publish(FilesEvent.FileUploaded, JSON.stringify(uploaded));
    await nc.drain();
    await publisher.publish(FilesEvent.FileUploaded, { ...who, payload: { item: fileItem('Marker.txt'), userId: user.userId } });
    await eventually(async () => (await log()).some((e) => e.fileName === 'Marker.txt'));
    expect(await log()).toHaveLength(4);
    // Another user sees none of it.
    expect(await caller.request(NotificationSubject.ListActivity, {}, newCaller())).toEqual({ items: [] });
  });
});
