import type { FileItem, ListActivityReply } from '@coffer/contracts';
import { appUrl, call, eventStream, eventually, signUp } from './support.js';

describe('activity and realtime', () => {
  it('lists the latest uploads, downloads and deletes in the Activity Log', async () => {
    const user = await signUp();
    await eventually(async () => ((await call<{ items: unknown[] }>('/api/files', { token: user.accessToken })).body.items?.length ?? 0) >= 4);
    const slot = await call<{ uploadId: string; url: string; headers: Record<string, string> }>('/api/uploads', {
      body: { name: 'minutes.txt', size: 5, mimeType: 'text/plain' },
      token: user.accessToken,
    });
    await fetch(slot.body.url, { method: 'PUT', headers: slot.body.headers, body: 'hello' });
    const file = await call<FileItem>(`/api/uploads/${slot.body.uploadId}/complete`, { method: 'POST', token: user.accessToken });
    // A view is not a download; a download is.
    expect((await call(`/api/files/${file.body.id}/link?disposition=inline`, { token: user.accessToken })).status).toBe(200);
    expect((await call(`/api/files/${file.body.id}/link?disposition=attachment`, { token: user.accessToken })).status).toBe(200);
    await call(`/api/files/${file.body.id}/trash`, { method: 'POST', token: user.accessToken });

    const activity = await eventually(async () => {
      const { body } = await call<ListActivityReply>('/api/activity', { token: user.accessToken });
      return body.items.length === 3 && body.items;
    });
    expect(activity.map((a) => [a.kind, a.fileName])).toEqual([
      ['delete', 'minutes.txt'],
      ['download', 'minutes.txt'],
      ['upload', 'minutes.txt'],
    ]);
    const stranger = await signUp();
    expect((await call<ListActivityReply>('/api/activity', { token: stranger.accessToken })).body.items).toEqual([]);
  });

  it("pushes a user's file changes to their open event stream, and only theirs", async () => {
    const user = await signUp();
    const other = await signUp();
    const stream = await eventStream(user);
    expect(stream.contentType).toContain('text/event-stream');

    await call('/api/folders', { body: { name: 'Not yours', parentId: 'root' }, token: other.accessToken });
    const folder = await call<FileItem>('/api/folders', { body: { name: 'Live', parentId: 'root' }, token: user.accessToken });
    await eventually(async () => stream.received.includes(folder.body.id), 5000);
    await stream.stop();
    expect(stream.received).toContain('event: files');
    expect(stream.received).toContain('"type":"events.files.folder.created"');
    const otherIds = stream.received.match(/"itemId":"([^"]+)"/g) ?? [];
    expect(otherIds).toEqual([`"itemId":"${folder.body.id}"`]);
    // The push carries the item as it is now: open lists update in place, without reading the list again.
    const data = stream.received.split('\n').find((line) => line.startsWith('data:') && line.includes(folder.body.id))!;
    expect(JSON.parse(data.slice('data:'.length))).toEqual({ type: 'events.files.folder.created', itemId: folder.body.id, item: folder.body });
  });

  it("pushes a change of the account's plan to its open event streams, and only theirs", async () => {
    const user = await signUp();
    const other = await signUp();
    const stream = await eventStream(user);

    await call('/api/subscription/trial', { body: { plan: 'pro' }, token: other.accessToken });
    await call('/api/subscription/trial', { body: { plan: 'business' }, token: user.accessToken });
    await eventually(async () => stream.received.includes('event: plan'), 5000);
    await stream.stop();
    expect(stream.received).toContain('"type":"events.billing.subscription.changed"');
    expect(stream.received.match(/event: plan/g)).toHaveLength(1);
  });

  it('refuses the event stream without a session', async () => {
    expect((await fetch(`${appUrl()}/api/events`)).status).toBe(401);
  });
});
