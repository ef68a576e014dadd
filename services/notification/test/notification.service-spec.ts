import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { Logger, type INestMicroservice } from '@nestjs/common';
import { connect } from '@nats-io/transport-node';
import { jetstream } from '@nats-io/jetstream';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import {
  AccountEvent,
  AuditSubject,
  AUDIT_PAGE_MAX,
  AuthEvent,
  DEFAULT_EMAIL_PREFERENCES,
  DEFAULT_GENERAL_SETTINGS,
  personalDataInventorySubject,
  BillingEvent,
  FilesEvent,
  NotificationEvent,
  NotificationSubject,
  SharingEvent,
  type CallerIdentity,
  type DomainEvent,
  type NotificationCreated,
  type ContactRequestReceived,
  type FileItem,
  type ShareItem,
} from '@coffer/contracts';
import { planFeatures } from '@coffer/plans';
import { DATABASE, EventBus, loadConfig, runService, withRequestContext, type Database } from '@coffer/server-core';
import { DATABASE_KINDS, eventually, freshDatabase, newCaller, TestCaller, testInfra } from '@coffer/server-core/testing';
import { AppModule } from '../src/app.module.js';
import { notificationConfigSchema } from '../src/config.js';
import { messageIdOf } from '../src/email/mailer.js';
import { accountPlans, auditLogs, outboundEmails } from '../src/db/schema.js';

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
  return {
    id: randomUUID(),
    name,
    size: 4,
    mimeType: 'text/plain',
    folderId: 'root',
    isFolder: false,
    createdAt: now,
    updatedAt: now,
    deletedAt: null,
    lastAccessedAt: now,
  };
}

/** A share as the sharing service's events carry it. */
function shareItem(sharer: CallerIdentity, fileName: string, kind: ShareItem['kind'] = 'file'): ShareItem {
  return {
    id: randomUUID(),
    fileId: randomUUID(),
    kind,
    level: 'view',
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
    publisher = await EventBus.connect({ nats: testInfra().natsUrl, consumer: 'email-test-publisher', logger: new Logger('test') });
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
    expect(mail.subject).toBe(`Contact Sales: "${company}" ("Grace Hopper")`);
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
    // Its Message-ID is the event's and the template's: sent again after a crash, it would be the same message.
    expect(smtp.received.find((r) => r.to.includes(u.email))!.mail.messageId).toBe(messageIdOf(`${sent.id}:welcome`));
  });

  it('sends from the outbox after the event commits: an email whose sender crashed goes once its claim runs out, and a claimed one is left to its sender', async () => {
    const db = app.get<Database>(DATABASE);
    const crashed = user();
    const held = user();
    const row = (to: string, leaseUntil: Date) => ({
      id: `${randomUUID()}:welcome`,
      recipient: to,
      template: 'welcome',
      subject: 'Welcome',
      html: '<p>Hi</p>',
      text: 'Hi',
      status: 'sending' as const,
      attempts: 1,
      leaseUntil,
    });
    await db.insert(outboundEmails).values([row(crashed.email, new Date(Date.now() - 1000)), row(held.email, new Date(Date.now() + 3_600_000))]);
    await mailTo(crashed.email);
    const sent = await eventually(async () => {
      const [r] = await db.select().from(outboundEmails).where(eq(outboundEmails.recipient, crashed.email));
      return r?.status === 'sent' && r;
    });
    // Sent once, and its body is not kept.
    expect([sent.attempts, sent.html, sent.text]).toEqual([2, null, null]);
    const marker = user();
    await publisher.publish(AuthEvent.UserRegistered, { accountId: marker.accountId, actorId: marker.userId, payload: marker });
    await mailTo(marker.email);
    expect(smtp.received.filter((r) => r.to.includes(crashed.email))).toHaveLength(1);
    expect(smtp.received.filter((r) => r.to.includes(held.email))).toHaveLength(0);
  });

  it("logs uploads, deletes and shares in the user's Activity Log, once per event", async () => {
    const user = newCaller();
    const who = { accountId: user.accountId, actorId: user.userId };
    const uploaded = await publisher.publish(FilesEvent.FileUploaded, { ...who, payload: { item: fileItem('Report.pdf'), userId: user.userId } });
    await publisher.publish(FilesEvent.FileTrashed, { ...who, payload: { item: fileItem('Old.txt'), userId: user.userId } });
    await publisher.publish(SharingEvent.ShareCreated, {
      ...who,
      payload: { share: shareItem(user, ''), sharedByFullName: 'Ada Lovelace', sharedByEmail: 'ada@example.com', recipientUserId: null, addressToken: null },
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

  describe('in-app notifications', () => {
    const notificationsOf = (user: CallerIdentity) => caller.request(NotificationSubject.ListNotifications, {}, user);
    const shareWith = (
      sharer: CallerIdentity,
      recipient: CallerIdentity | null,
      fileName: string,
      sharedByFullName = 'Ada Lovelace',
      sharedByEmail = 'ada@example.com',
    ) =>
      publisher.publish(SharingEvent.ShareCreated, {
        accountId: sharer.accountId,
        actorId: sharer.userId,
        payload: { share: shareItem(sharer, fileName), sharedByFullName, sharedByEmail, recipientUserId: recipient?.userId ?? null, addressToken: null },
      });

    it("tells the recipient of a share once, with the spec's fallbacks, and publishes notification.created", async () => {
      const sharer = newCaller();
      const recipient = newCaller();
      const created: unknown[] = [];
      const nc = await connect({ servers: testInfra().natsUrl });
      const sub = nc.subscribe(NotificationEvent.NotificationCreated, { callback: (_err, msg) => void created.push(msg.json()) });

      const sent = await shareWith(sharer, recipient, 'Plan.pdf');
      await eventually(async () => (await notificationsOf(recipient)).items.length === 1);
      const [item] = (await notificationsOf(recipient)).items;
      expect(item).toMatchObject({
        type: 'file_shared',
        title: 'New file shared with you',
        message: 'Ada Lovelace shared "Plan.pdf" with you',
        read: false,
        metadata: { file_id: sent.payload.share.fileId, file_name: 'Plan.pdf', shared_by: 'Ada Lovelace' },
      });
      expect((await notificationsOf(recipient)).unreadCount).toBe(1);
      await eventually(async () => created.some((e) => (e as DomainEvent<NotificationCreated>).payload.notification.id === item.id));
      expect(created.find((e) => (e as DomainEvent<NotificationCreated>).payload.notification.id === item.id)).toMatchObject({
        payload: { userId: recipient.userId, notification: item },
      });

      // The same event again, as a redelivery brings it: still one notification.
      await jetstream(nc).publish(SharingEvent.ShareCreated, JSON.stringify(sent));
      sub.unsubscribe();
      await nc.drain();
      await shareWith(sharer, recipient, '', '', '');
      await eventually(async () => (await notificationsOf(recipient)).items.length === 2);
      const items = (await notificationsOf(recipient)).items;
      expect(items.map((n) => n.message)).toEqual(['Someone shared "a file" with you', 'Ada Lovelace shared "Plan.pdf" with you']);
      expect(items[0].metadata).toMatchObject({ file_name: 'a file', shared_by: 'Someone' });
      // The sharer and a share with no Coffer user behind it notify no one.
      await shareWith(sharer, null, 'Nobody.txt');
      expect((await notificationsOf(sharer)).items).toEqual([]);
    });

    it('names a folder shared by email as a folder', async () => {
      const sharer = newCaller();
      const recipient = newCaller();
      await publisher.publish(SharingEvent.ShareCreated, {
        accountId: sharer.accountId,
        actorId: sharer.userId,
        payload: {
          share: shareItem(sharer, 'Clients', 'folder'),
          sharedByFullName: 'Ada Lovelace',
          sharedByEmail: 'ada@example.com',
          recipientUserId: recipient.userId,
          addressToken: null,
        },
      });
      await eventually(async () => (await notificationsOf(recipient)).items.length === 1);
      expect((await notificationsOf(recipient)).items[0]).toMatchObject({
        type: 'file_shared',
        title: 'New folder shared with you',
        message: 'Ada Lovelace shared "Clients" with you',
      });
    });

    it('tells the sharer when the recipient opens the share for the first time, only then', async () => {
      const sharer = newCaller();
      const recipient = newCaller();
      const share = shareItem(sharer, 'Budget.xlsx');
      const opened = (firstAccess: boolean, disposition: 'inline' | 'attachment') =>
        publisher.publish(SharingEvent.ShareAccessed, {
          accountId: sharer.accountId,
          actorId: recipient.userId,
          payload: { share, recipientUserId: recipient.userId, recipientName: 'Grace Hopper', clientIp: '203.0.113.7', disposition, firstAccess },
        });
      await opened(true, 'inline');
      await opened(false, 'attachment');
      await eventually(async () => (await notificationsOf(sharer)).items.length === 1);
      await shareWith(sharer, sharer, 'Marker.txt');
      await eventually(async () => (await notificationsOf(sharer)).items.length === 2);
      const opens = (await notificationsOf(sharer)).items.filter((n) => n.type === 'share_opened');
      expect(opens).toHaveLength(1);
      expect(opens[0]).toMatchObject({
        title: 'Your shared file was opened',
        message: 'Grace Hopper opened "Budget.xlsx" for the first time',
        metadata: { file_id: share.fileId, file_name: 'Budget.xlsx', share_id: share.id },
      });
      expect((await notificationsOf(recipient)).items).toEqual([]);
    });

    it("marks one or all read, only the caller's own", async () => {
      const sharer = newCaller();
      const me = newCaller();
      const other = newCaller();
      await shareWith(sharer, me, 'One.txt');
      await shareWith(sharer, me, 'Two.txt');
      await shareWith(sharer, other, 'Theirs.txt');
      await eventually(async () => (await notificationsOf(me)).items.length === 2 && (await notificationsOf(other)).items.length === 1);
      const [theirs] = (await notificationsOf(other)).items;
      const [latest] = (await notificationsOf(me)).items;

      await expect(caller.request(NotificationSubject.MarkNotificationRead, { notificationId: theirs.id }, me)).rejects.toMatchObject({ status: 404 });
      expect((await notificationsOf(other)).items[0].read).toBe(false);

      expect(await caller.request(NotificationSubject.MarkNotificationRead, { notificationId: latest.id }, me)).toEqual({ ok: true });
      let mine = await notificationsOf(me);
      expect(mine.unreadCount).toBe(1);
      expect(mine.items.find((n) => n.id === latest.id)?.read).toBe(true);

      expect(await caller.request(NotificationSubject.MarkAllNotificationsRead, {}, me)).toEqual({ updated: 1 });
      mine = await notificationsOf(me);
      expect(mine.unreadCount).toBe(0);
      expect(mine.items.every((n) => n.read)).toBe(true);
      expect((await notificationsOf(other)).unreadCount).toBe(1);
    });
  });
  describe('the organisation', () => {
    const notificationsOf = (user: CallerIdentity) => caller.request(NotificationSubject.ListNotifications, {}, user);
    const inventory = (person: { userId: string; email: string }) => caller.request(personalDataInventorySubject('notification'), person);

    it('sends the user-invited email with who invited them, the account, the role and the link that signs them up', async () => {
      const inviter = user();
      const email = `invitee+${randomUUID().slice(0, 6)}@example.com`;
      const token = randomUUID().replaceAll('-', '');
      await publisher.publish(AccountEvent.MemberInvited, {
        accountId: inviter.accountId,
        actorId: inviter.userId,
        payload: { invitationId: randomUUID(), email, role: 'admin', inviterName: 'Olivia <Owner>', accountName: 'Acme Ltd', token },
      });
      const { mail } = await mailTo(email);
      expect(mail.subject).toBe('"Olivia <Owner>" invited you to join "Acme Ltd" on Coffer');
      expect(mail.text).toContain('Olivia <Owner> invited you to join Acme Ltd on Coffer as an admin.');
      expect(mail.text).toContain(`https://coffer.example.com/login?invite=${token}&email=${encodeURIComponent(email)}`);
      expect(mail.html).toContain('Olivia &lt;Owner&gt;');
    });

    it('tells the inviter when the invitee joins, and no one when a member is removed or changes role', async () => {
      const inviter = newCaller();
      const member = user();
      const changed = (reason: 'joined' | 'removed' | 'role-changed', invitedBy?: string) =>
        publisher.publish(AccountEvent.MembershipChanged, {
          accountId: inviter.accountId,
          actorId: member.userId,
          payload: { ...member, accountId: inviter.accountId, previousAccountId: member.accountId, role: 'member', membershipVersion: 1, reason, invitedBy },
        });
      await changed('removed', inviter.userId);
      await changed('role-changed', inviter.userId);
      await changed('joined', inviter.userId);
      await eventually(async () => (await notificationsOf(inviter)).items.length > 0);
      // A marker after them all: once it shows, the three have been handled.
      await changed('joined', inviter.userId);
      await eventually(async () => (await notificationsOf(inviter)).items.length === 2);
      expect((await notificationsOf(inviter)).items[1]).toMatchObject({
        type: 'invitation_accepted',
        title: 'Invitation accepted',
        message: 'Ada Lovelace accepted your invitation and joined your team',
        metadata: { member_name: 'Ada Lovelace', member_email: member.email },
      });
    });

    it("honours the recipient's email notifications switch for the file-shared email, keeping the in-app notification", async () => {
      const sharer = newCaller();
      const quiet = newCaller();
      const loud = newCaller();
      const quietEmail = `${randomUUID().slice(0, 8)}@example.com`;
      const loudEmail = `${randomUUID().slice(0, 8)}@example.com`;
      await publisher.publish(AccountEvent.PreferencesChanged, {
        accountId: quiet.accountId,
        actorId: quiet.userId,
        payload: {
          userId: quiet.userId,
          preferences: { email: DEFAULT_EMAIL_PREFERENCES, general: { ...DEFAULT_GENERAL_SETTINGS, emailNotifications: false } },
        },
      });
      const share = (recipient: CallerIdentity, email: string) =>
        publisher.publish(SharingEvent.ShareCreated, {
          accountId: sharer.accountId,
          actorId: sharer.userId,
          payload: {
            share: { ...shareItem(sharer, 'Plan.pdf'), sharedWithEmail: email },
            sharedByFullName: 'Ada Lovelace',
            sharedByEmail: 'ada@example.com',
            recipientUserId: recipient.userId,
            addressToken: null,
          },
        });
      await share(quiet, quietEmail);
      await share(loud, loudEmail);
      await mailTo(loudEmail);
      await eventually(async () => (await notificationsOf(quiet)).items.length === 1);
      expect(smtp.received.filter((r) => r.to.includes(quietEmail))).toHaveLength(0);
    });

    it('emails the sharer when the recipient first opens the share, unless they switched notification emails off', async () => {
      const opened = async (sharer: CallerIdentity, email: string, emailNotifications: boolean) => {
        const who = { accountId: sharer.accountId, actorId: sharer.userId };
        await publisher.publish(AuthEvent.UserRegistered, {
          ...who,
          payload: { userId: sharer.userId, accountId: sharer.accountId, email, fullName: 'Sam Sharer' },
        });
        await publisher.publish(AccountEvent.PreferencesChanged, {
          ...who,
          payload: { userId: sharer.userId, preferences: { email: DEFAULT_EMAIL_PREFERENCES, general: { ...DEFAULT_GENERAL_SETTINGS, emailNotifications } } },
        });
        const share = shareItem(sharer, 'Budget.xlsx');
        for (const firstAccess of [true, false])
          await publisher.publish(SharingEvent.ShareAccessed, {
            ...who,
            payload: { share, recipientUserId: randomUUID(), recipientName: 'Grace Hopper', clientIp: null, disposition: 'inline', firstAccess },
          });
      };
      const loud = `${randomUUID().slice(0, 8)}@example.com`;
      const quiet = `${randomUUID().slice(0, 8)}@example.com`;
      await opened(newCaller(), quiet, false);
      await opened(newCaller(), loud, true);
      const { mail } = await eventually(async () => smtp.received.find((r) => r.to.includes(loud) && r.mail.subject?.includes('opened')));
      expect(mail.subject).toBe('"Grace Hopper" opened "Budget.xlsx"');
      expect(mail.text).toContain('Hi Sam Sharer,');
      expect(mail.text).toContain('Grace Hopper opened "Budget.xlsx" for the first time.');
      expect(mail.text).toContain('https://coffer.example.com/dashboard/files');
      expect(smtp.received.filter((r) => r.to.includes(loud) && r.mail.subject?.includes('opened'))).toHaveLength(1);
      expect(smtp.received.filter((r) => r.to.includes(quiet) && r.mail.subject?.includes('opened'))).toHaveLength(0);
    });

    it("erases a deleted user's notifications, activity, preferences and record of emails, and proves it", async () => {
      const doomed = newCaller();
      const email = `${randomUUID().slice(0, 8)}@example.com`;
      const person = { userId: doomed.userId, email };
      const who = { accountId: doomed.accountId, actorId: doomed.userId };
      const bystander = newCaller();
      await publisher.publish(AuthEvent.UserRegistered, { ...who, payload: { ...person, accountId: doomed.accountId, fullName: 'Doomed' } });
      await publisher.publish(FilesEvent.FileUploaded, { ...who, payload: { item: fileItem('Mine.pdf'), userId: doomed.userId } });
      await publisher.publish(AccountEvent.PreferencesChanged, {
        ...who,
        payload: { userId: doomed.userId, preferences: { email: DEFAULT_EMAIL_PREFERENCES, general: DEFAULT_GENERAL_SETTINGS } },
      });
      for (const [recipient, fileName] of [
        [doomed, 'For doomed.txt'],
        [bystander, 'For bystander.txt'],
      ] as const) {
        await publisher.publish(SharingEvent.ShareCreated, {
          accountId: bystander.accountId,
          actorId: bystander.userId,
          payload: {
            share: shareItem(bystander, fileName),
            sharedByFullName: 'B',
            sharedByEmail: 'b@example.com',
            recipientUserId: recipient.userId,
            addressToken: null,
          },
        });
      }
      const expected = { activity: 1, notifications: 1, user_preferences: 1, outbound_emails: 1, people: 1, audit_logs: 0 };
      await eventually(async () => JSON.stringify((await inventory(person)).counts) === JSON.stringify(expected));

      await publisher.publish(AccountEvent.UserDeleted, { ...who, payload: { ...person, accountId: doomed.accountId, accountDeleted: true } });
      await eventually(async () => Object.values((await inventory(person)).counts).every((n) => n === 0));
      expect((await notificationsOf(bystander)).items).toHaveLength(1);
    });
  });
  describe('the audit log', () => {
    const planOf = (account: CallerIdentity, business: boolean) =>
      publisher.publish(BillingEvent.SubscriptionChanged, {
        accountId: account.accountId,
        actorId: account.userId,
        payload: {
          reason: 'trial-started',
          plan: {
            planType: business ? 'business' : 'starter',
            status: 'trial',
            trialEndDate: null,
            storageLimitBytes: 1,
            features: { ...planFeatures(business ? 'business' : 'starter'), storageLimit: 1, maxFileBytes: 1 },
            periodEndDate: null,
            cancelAtPeriodEnd: false,
            trialUsed: true,
            trialAvailable: false,
            paymentProvider: 'placeholder',
          },
          ownerId: null,
          planName: null,
        },
      });
    const logOf = (user: CallerIdentity, query: { after?: string; limit?: number } = {}) => caller.request(AuditSubject.ListAuditLogs, query, user);

    it('keeps one entry per event with the client it came from, only while the plan has audit logs, never in another account', async () => {
      const owner = newCaller();
      const other = newCaller();
      const who = { accountId: owner.accountId, actorId: owner.userId };
      await publisher.publish(FilesEvent.FileUploaded, { ...who, payload: { item: fileItem('Before.txt'), userId: owner.userId } });
      await planOf(owner, true);
      await planOf(other, true);
      // Recorded while a person's request is handled: the event carries where it came from.
      const uploaded = await withRequestContext({ correlationId: randomUUID(), clientIp: '203.0.113.9', userAgent: 'Browser/1' }, () =>
        publisher.publish(FilesEvent.FileUploaded, { ...who, payload: { item: fileItem('Report.pdf'), userId: owner.userId } }),
      );
      // The same event again, as a redelivery brings it.
      const nc = await connect({ servers: testInfra().natsUrl });
      await jetstream(nc).publish(FilesEvent.FileUploaded, JSON.stringify(uploaded));
      await nc.drain();
      await planOf(owner, false);
      await publisher.publish(FilesEvent.FileUploaded, { ...who, payload: { item: fileItem('After.txt'), userId: owner.userId } });
      await planOf(owner, true);
      await publisher.publish(FilesEvent.FolderCreated, { ...who, payload: { item: { ...fileItem('Marker'), isFolder: true }, userId: owner.userId } });

      const items = await eventually(async () => {
        const log = await logOf(owner);
        return log.items.some((e) => e.details.name === 'Marker') && log.items;
      });
      const kept = items.filter((e) => e.action !== 'plan.change');
      expect(kept.map((e) => [e.action, e.details.name])).toEqual([
        ['folder.create', 'Marker'],
        ['file.upload', 'Report.pdf'],
      ]);
      expect(kept[1]).toMatchObject({ id: uploaded.id, resourceType: 'file', actorId: owner.userId, ipAddress: '203.0.113.9', userAgent: 'Browser/1' });
      // Each change of plan is an entry too, kept when the plan it leads to keeps the log (not the Starter one).
      expect(items.filter((e) => e.action === 'plan.change').map((e) => [e.details.change, e.details.status])).toEqual([
        ['trial-started', 'trial'],
        ['trial-started', 'trial'],
      ]);
      expect((await logOf(other)).items.map((e) => e.action)).toEqual(['plan.change']);
      await expect(logOf({ ...owner, role: 'member' })).rejects.toMatchObject({ status: 403 });
    });

    it(`pages through 100,000 entries ${AUDIT_PAGE_MAX} at a time, each once, newest first`, async () => {
      const owner = newCaller('moderator');
      const db = app.get<Database>(DATABASE);
      await db.insert(accountPlans).values({ accountId: owner.accountId, hasAuditLogs: true, updatedAt: new Date() });
      const start = Date.parse('2026-01-01T00:00:00Z');
      const TOTAL = 100_000;
      for (let batch = 0; batch < TOTAL; batch += 5000) {
        const rows = Array.from({ length: 5000 }, (_, i) => {
          const n = batch + i;
          // Pairs share a timestamp: the id breaks the tie, so no entry is skipped or repeated at a page edge.
          return {
            id: `seed-${String(n).padStart(6, '0')}`,
            accountId: owner.accountId,
            action: 'file.upload' as const,
            resourceType: 'file' as const,
            resourceId: null,
            details: { n: String(n) },
            actorId: owner.userId,
            actorName: null,
            ipAddress: null,
            userAgent: null,
            createdAt: new Date(start + Math.floor(n / 2) * 1000),
          };
        });
        await db.insert(auditLogs).values(rows);
      }
      let after: string | undefined;
      let pages = 0;
      let seen = 0;
      let previous = `seed-${TOTAL}`;
      for (;;) {
        const page = await logOf(owner, { after, limit: AUDIT_PAGE_MAX });
        pages += 1;
        expect(page.items.length).toBeLessThanOrEqual(AUDIT_PAGE_MAX);
        for (const e of page.items) {
          expect(e.id < previous).toBe(true);
          previous = e.id;
        }
        seen += page.items.length;
        if (!page.next) break;
        after = page.next;
      }
      expect([seen, pages]).toEqual([TOTAL, TOTAL / AUDIT_PAGE_MAX + 1]);
    }, 120_000);
  });
});
