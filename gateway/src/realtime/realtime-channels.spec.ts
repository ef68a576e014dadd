// Also a type test, checked by `tsc` in `npm run lint`: every line under an expect-error directive must
// fail to compile. If the push side stopped being typed by the contract's channels, a directive would be
// unused and tsc would fail.
import { AccountEvent, FilesEvent, type DomainEvent, type FileItem } from '@coffer/contracts';
import { CHANNEL_ROUTES, pushOf, type ChannelRoutes } from './realtime-routes.js';

const item: FileItem = {
  id: '6f1c1c52-8a55-4c4b-9d3e-2f7b9d0e8a11',
  name: 'Invoices',
  size: 0,
  mimeType: 'inode/directory',
  folderId: 'root',
  isFolder: true,
  createdAt: '2026-11-27T00:00:00.000Z',
  updatedAt: '2026-11-27T00:00:00.000Z',
  deletedAt: null,
  lastAccessedAt: null,
};
const event = (type: string, payload: unknown) =>
  ({ id: 'e1', type, occurredAt: item.createdAt, accountId: 'a1', actorId: 'u1', payload }) as DomainEvent<never>;

describe('the realtime pushes', () => {
  it("carry the payload the contract gives their channel, to the audience of the channel's route", () => {
    const folderCreated = pushOf('files', event(FilesEvent.FolderCreated, { userId: 'u1', item }));
    expect(folderCreated).toEqual({ channel: 'files', data: { type: FilesEvent.FolderCreated, itemId: item.id, item }, to: { userIds: ['u1'] } });
    // Typed by the channel: a file push carries the item.
    expect(folderCreated.data.item.name).toBe('Invoices');

    const joined = pushOf('team', event(AccountEvent.MembershipChanged, { userId: 'u2', accountId: 'a1', previousAccountId: 'a0', membershipVersion: 3 }));
    expect(joined).toEqual({
      channel: 'team',
      data: { type: AccountEvent.MembershipChanged, itemId: 'u2', membershipVersion: 3 },
      to: { userIds: ['u2'], accountIds: ['a1', 'a0'] },
    });
  });

  it('carry a change inside a team folder to everyone its list lets open it, who made it, and the owners and admins', () => {
    const teamItem = { ...item, teamFolderId: item.id };
    const restricted = pushOf('files', event(FilesEvent.FolderCreated, { userId: 'u1', item: teamItem, audience: { everyone: false, userIds: ['u2', 'u1'] } }));
    expect(restricted.to).toEqual({ userIds: ['u1', 'u2'], accountIds: [], managersOf: 'a1' });
    const everyone = pushOf('files', event(FilesEvent.FileUploaded, { userId: 'u3', item: teamItem, audience: { everyone: true, userIds: [] } }));
    expect(everyone.to).toEqual({ userIds: ['u3'], accountIds: ['a1'], managersOf: 'a1' });
  });

  it('are pushed only on the channels of the contract: a misspelled or renamed channel does not compile', () => {
    // @ts-expect-error there is no channel 'file' (it is 'files')
    expect(() => pushOf('file', event(FilesEvent.FolderCreated, { userId: 'u1', item }))).toThrow();

    const routes: ChannelRoutes = {
      ...CHANNEL_ROUTES,
      // @ts-expect-error a route for a channel the contract does not have
      brandings: CHANNEL_ROUTES.branding,
    };
    // @ts-expect-error a share push carries no item
    const shareItem = pushOf('shares', event('events.sharing.share.created', { share: { id: 's1', sharedByUserId: 'u1' } })).data.item;
    expect(shareItem).toBeUndefined();
    expect(Object.keys(routes)).toContain('brandings');
  });
});
