import { randomBytes } from 'node:crypto';
import { connect } from '@nats-io/transport-node';
import {
  SharingEvent,
  type DomainEvent,
  type FileLink,
  type HttpErrorBody,
  type ListNotificationsReply,
  type ListShareAccessesReply,
  type ShareCreated,
  type ShareItem,
} from '@coffer/contracts';
import { call, confirmedUser, eventStream, eventually, gatewayUrl, signUp, uploadFile, type TestUser } from './support.js';

const notificationsOf = (user: TestUser) => call<ListNotificationsReply>('/api/notifications', { token: user.accessToken });
const share = (user: TestUser, fileId: string, email: string) => call<ShareItem>('/api/shares', { body: { fileId, email }, token: user.accessToken });
/** The recipient's view (inline) or download (attachment), from `ip` (straight to the gateway, which trusts loopback's X-Forwarded-For). */
const open = (user: TestUser, shareId: string, disposition: 'inline' | 'attachment', ip: string) =>
  call<FileLink & HttpErrorBody>(`/api/shares/${shareId}/link?disposition=${disposition}`, {
    token: user.accessToken,
    headers: { 'x-forwarded-for': ip },
    base: gatewayUrl(),
  });
const accessesOf = (user: TestUser, shareId: string, query = '') =>
  call<ListShareAccessesReply & HttpErrorBody>(`/api/shares/${shareId}/accesses${query}`, { token: user.accessToken });

describe('notifications', () => {
  it('tells the recipient of a share once, live, even when the event is delivered again', async () => {
    const sharer = await confirmedUser('Dana Sharer');
    const recipient = await confirmedUser();
    const file = await uploadFile(sharer, 'Quarterly report.pdf', randomBytes(1024));
    const nc = await connect({ servers: process.env.COFFER_TEST_STACK_NATS_URL });
    const events: DomainEvent<ShareCreated>[] = [];
    const sub = nc.subscribe(SharingEvent.ShareCreated, { callback: (_err, msg) => void events.push(msg.json()) });
    const live = await eventStream(recipient);

    const made = await share(sharer, file.id, recipient.email);
    expect(made.status).toBe(201);
    const { items } = await eventually(async () => {
      const { body } = await notificationsOf(recipient);
      return body.items.length > 0 && body;
    });
    expect(items).toEqual([
      {
        id: expect.any(String),
        type: 'file_shared',
        title: 'New file shared with you',
        message: 'Dana Sharer shared "Quarterly report.pdf" with you',
        read: false,
        createdAt: expect.any(String),
        metadata: { file_id: file.id, file_name: 'Quarterly report.pdf', shared_by: 'Dana Sharer', share_id: made.body.id },
      },
    ]);
    // Pushed to the recipient's open stream as it was made.
    await eventually(async () => live.received.includes(`"itemId":"${items[0].id}"`));
    await live.stop();
    expect(live.received).toContain('event: notifications');

    // The same event again, as a redelivery brings it (another JetStream message, the same event id): nothing new.
    const sent = await eventually(async () => events.find((e) => e.payload.share.id === made.body.id));
    await nc.request(SharingEvent.ShareCreated, JSON.stringify(sent));
    sub.unsubscribe();
    await nc.drain();
    const second = await uploadFile(sharer, 'Marker.txt', randomBytes(16));
    await share(sharer, second.id, recipient.email);
    await eventually(async () => (await notificationsOf(recipient)).body.items.length === 2);
    const after = (await notificationsOf(recipient)).body;
    expect(after.items.map((n) => n.message)).toEqual(['Dana Sharer shared "Marker.txt" with you', 'Dana Sharer shared "Quarterly report.pdf" with you']);
    expect(after.unreadCount).toBe(2);
    // The sharer is not notified of their own share.
    expect((await notificationsOf(sharer)).body).toEqual({ items: [], unreadCount: 0 });
  });

  it("marks one or all read, never another user's", async () => {
    const sharer = await confirmedUser();
    const me = await confirmedUser();
    const other = await confirmedUser();
    for (const [name, to] of [
      ['One.txt', me],
      ['Two.txt', me],
      ['Theirs.txt', other],
    ] as const) {
      const file = await uploadFile(sharer, name, randomBytes(16));
      await share(sharer, file.id, to.email);
    }
    await eventually(async () => (await notificationsOf(me)).body.items.length === 2 && (await notificationsOf(other)).body.items.length === 1);
    const [theirs] = (await notificationsOf(other)).body.items;
    const [latest, older] = (await notificationsOf(me)).body.items;

    const notMine = await call<HttpErrorBody>(`/api/notifications/${theirs.id}/read`, { method: 'POST', token: me.accessToken });
    expect(notMine.body).toMatchObject({ statusCode: 404, message: 'Notification not found' });
    expect((await call<HttpErrorBody>('/api/notifications/not-an-id/read', { method: 'POST', token: me.accessToken })).body).toMatchObject({
      statusCode: 400,
      message: 'Notification not found',
    });

    expect((await call(`/api/notifications/${latest.id}/read`, { method: 'POST', token: me.accessToken })).body).toEqual({ ok: true });
    let mine = (await notificationsOf(me)).body;
    expect(mine.unreadCount).toBe(1);
    expect(mine.items.map((n) => [n.id, n.read])).toEqual([
      [latest.id, true],
      [older.id, false],
    ]);

    expect((await call('/api/notifications/read-all', { method: 'POST', token: me.accessToken })).body).toEqual({ updated: 1 });
    mine = (await notificationsOf(me)).body;
    expect(mine.unreadCount).toBe(0);
    expect(mine.items.every((n) => n.read)).toBe(true);
    expect((await notificationsOf(other)).body).toMatchObject({ unreadCount: 1, items: [{ id: theirs.id, read: false }] });
    expect((await call('/api/notifications', {})).status).toBe(401);
  });

  it('keeps each open and download of a share for its sharer, and tells them of the first open only', async () => {
    const sharer = await confirmedUser('Dana Sharer');
    const recipient = await confirmedUser('Robin Recipient');
    const stranger = await signUp();
    const file = await uploadFile(sharer, 'Contract.pdf', randomBytes(2048));
    const made = await share(sharer, file.id, recipient.email);

    expect((await accessesOf(sharer, made.body.id)).body).toEqual({ items: [], next: null, total: 0 });
    expect((await open(recipient, made.body.id, 'inline', '203.0.113.7')).status).toBe(200);
    expect((await open(recipient, made.body.id, 'attachment', '198.51.100.23')).status).toBe(200);

    const { items } = (await accessesOf(sharer, made.body.id)).body;
    expect(items.map((a) => [a.disposition, a.clientIp])).toEqual([
      ['attachment', '198.51.100.23'],
      ['inline', '203.0.113.7'],
    ]);
    expect(Date.parse(items[1].accessedAt)).toBeLessThanOrEqual(Date.parse(items[0].accessedAt));
    // A page at a time, with how many in all: the second page starts where the first ended.
    const first = (await accessesOf(sharer, made.body.id, '?limit=1')).body;
    expect([first.items.map((a) => a.id), first.total]).toEqual([[items[0].id], 2]);
    const second = (await accessesOf(sharer, made.body.id, `?limit=1&after=${first.next}`)).body;
    expect([second.items.map((a) => a.id), second.next]).toEqual([[items[1].id], null]);
    for (const query of ['?limit=0', '?limit=501', '?after=yesterday']) expect((await accessesOf(sharer, made.body.id, query)).status).toBe(400);
    // Only the sharer sees the history.
    for (const who of [recipient, stranger]) {
      expect((await accessesOf(who, made.body.id)).body).toMatchObject({ statusCode: 404, message: 'Share not found' });
    }

    const opened = await eventually(async () => {
      const { body } = await notificationsOf(sharer);
      return body.items.length > 0 && body.items;
    });
    expect(opened).toMatchObject([
      {
        type: 'share_opened',
        title: 'Your shared file was opened',
        message: 'Robin Recipient opened "Contract.pdf" for the first time',
        read: false,
        metadata: { file_id: file.id, file_name: 'Contract.pdf', share_id: made.body.id },
      },
    ]);
    // The second open told no one: a later share's notification arrives alone after it.
    const marker = await uploadFile(recipient, 'Marker.txt', randomBytes(16));
    await share(recipient, marker.id, sharer.email);
    await eventually(async () => (await notificationsOf(sharer)).body.items.length === 2);
    expect((await notificationsOf(sharer)).body.items.map((n) => n.type)).toEqual(['file_shared', 'share_opened']);
  });
});
