import type { FileItem, ListActivityReply } from '@coffer/contracts';
import { appUrl, call, eventStream, eventually, invite, joinedMember, signUp, uniqueEmail } from './support.js';

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
    await eventually(async () => stream.received.includes(folder.body.id));
    await stream.stop();
    expect(stream.received).toContain('event: files');
    expect(stream.received).toContain('"type":"events.files.folder.created"');
    const otherIds = stream.received.match(/"itemId":"([^"]+)"/g) ?? [];
    expect(otherIds).toEqual([`"itemId":"${folder.body.id}"`]);
    // The push carries the item as it is now: open lists update in place, without reading the list again.
    const data = stream.received.split('\n').find((line) => line.startsWith('data:') && line.includes(folder.body.id))!;
    expect(JSON.parse(data.slice('data:'.length))).toEqual({ type: 'events.files.folder.created', itemId: folder.body.id, item: folder.body });
  });

  it('pushes a rename and a move of a folder to the open event stream, with the folder as it is now', async () => {
    const user = await signUp();
    const as = { token: user.accessToken };
    const [outer, inner] = [
      (await call<FileItem>('/api/folders', { ...as, body: { name: 'Outer', parentId: 'root' } })).body,
      (await call<FileItem>('/api/folders', { ...as, body: { name: 'Inner', parentId: 'root' } })).body,
    ];
    const stream = await eventStream(user);
    const renamed = (await call<FileItem>(`/api/files/${inner.id}/rename`, { ...as, method: 'POST', body: { name: 'Renamed' } })).body;
    const moved = (await call<FileItem>(`/api/files/${inner.id}`, { ...as, method: 'PATCH', body: { folderId: outer.id } })).body;
    const pushes = () =>
      stream.received
        .split('\n')
        .filter((line) => line.startsWith('data:') && line.includes(inner.id))
        .map((line) => JSON.parse(line.slice('data:'.length)) as { type: string; item: FileItem; fromFolderId?: string });
    await eventually(async () => pushes().length === 2);
    await stream.stop();
    expect(pushes()).toEqual([
      { type: 'events.files.file.renamed', itemId: inner.id, item: renamed },
      { type: 'events.files.file.moved', itemId: inner.id, item: moved, fromFolderId: 'root' },
    ]);
  });

  it("pushes a change of the account's plan to its open event streams, and only theirs", async () => {
    const user = await signUp();
    const other = await signUp();
    const stream = await eventStream(user);

    await call('/api/subscription/trial', { body: { plan: 'pro' }, token: other.accessToken });
    await call('/api/subscription/trial', { body: { plan: 'business' }, token: user.accessToken });
    await eventually(async () => stream.received.includes('event: plan'));
    await stream.stop();
    expect(stream.received).toContain('"type":"events.billing.subscription.changed"');
    expect(stream.received.match(/event: plan/g)).toHaveLength(1);
  });

  it("pushes team and branding changes to everyone in the account, and only them; a member's own change of role renews their session", async () => {
    const owner = await signUp();
    expect((await call('/api/subscription/trial', { body: { plan: 'business' }, token: owner.accessToken })).status).toBe(201);
    const member = await joinedMember(owner, 'member');
    const outsider = await signUp();
    const [ownerStream, memberStream, outsiderStream] = await Promise.all([owner, member, outsider].map((user) => eventStream(user)));
    const pushesOf = (stream: { received: string }, event: string) => stream.received.split('\n\n').filter((block) => block.includes(`event: ${event}\n`));

    // Someone invited: the team's lists, by the invitation's id (nothing of the invitation itself).
    const invited = await invite(owner, uniqueEmail('live'));
    await eventually(async () => pushesOf(memberStream, 'team').some((push) => push.includes(invited.body.id)));
    expect(pushesOf(memberStream, 'team')[0]).not.toContain('token');

    // The branding saved: every tab of the account shows it.
    expect(
      (
        await call('/api/branding', {
          method: 'PUT',
          body: { companyName: 'Live Ltd', primaryColor: '#112233', secondaryColor: '#ddeeff' },
          token: owner.accessToken,
        })
      ).status,
    ).toBe(200);
    await eventually(async () => pushesOf(ownerStream, 'branding').length === 1 && pushesOf(memberStream, 'branding').length === 1);

    // The member made a moderator: the team hears it; the member's stream says it last (opened with the old role).
    expect((await call('/api/roles', { body: { email: member.email, role: 'moderator' }, token: owner.accessToken })).status).toBe(201);
    await eventually(async () => memberStream.ended);
    expect(pushesOf(memberStream, 'team').at(-1)).toContain(`"itemId":"${member.userId}"`);
    await eventually(async () => pushesOf(ownerStream, 'team').some((push) => push.includes(member.userId)));
    expect(ownerStream.ended).toBe(false);
    // The same role given again: the member's role stays, but the Permissions list changed, and the team hears it.
    const again = await call<{ id: string }>('/api/roles', { body: { email: member.email, role: 'moderator' }, token: owner.accessToken });
    expect(again.status).toBe(201);
    await eventually(async () => pushesOf(ownerStream, 'team').some((push) => push.includes(again.body.id)));
    expect(ownerStream.ended).toBe(false);

    await Promise.all([ownerStream, memberStream, outsiderStream].map((stream) => stream.stop()));
    expect(pushesOf(outsiderStream, 'team')).toEqual([]);
    expect(pushesOf(outsiderStream, 'branding')).toEqual([]);
  });

  it('refuses the event stream without a session', async () => {
    expect((await fetch(`${appUrl()}/api/events`)).status).toBe(401);
  });
});
