// Also a type test, checked by `tsc` in `npm run lint`: every line under an expect-error directive must
// fail to compile. If the subscribing side stopped being typed by the contract's channels, a directive
// would be unused and tsc would fail.
import { AccountEvent, FilesEvent, type FileItem } from '@coffer/contracts';
import { routePush, type PushHandlers } from './realtime-updates';

const item = { id: 'f1', name: 'Invoices', isFolder: true } as FileItem;

function recordingHandlers() {
  const heard: unknown[][] = [];
  const handlers: PushHandlers = {
    // Typed by the channel: a file push carries the item, a team push the membership version.
    files: (change) => heard.push(['files', change?.type, change?.item?.name]),
    shares: (push) => heard.push(['shares', push?.itemId]),
    plan: (push) => heard.push(['plan', push?.itemId]),
    notifications: (push) => heard.push(['notifications', push?.itemId]),
    team: (push) => heard.push(['team', push?.itemId, push?.membershipVersion]),
    branding: (push) => heard.push(['branding', push?.itemId]),
  };
  return { heard, handlers };
}

describe('routePush', () => {
  it("hands each push to the handler of its channel with that channel's payload, and leaves the keep-alive and unknown names", () => {
    const { heard, handlers } = recordingHandlers();
    routePush('files', JSON.stringify({ type: FilesEvent.FolderCreated, itemId: 'f1', item }), handlers);
    routePush('ping', '{}', handlers);
    routePush('team', JSON.stringify({ type: AccountEvent.MembershipChanged, itemId: 'u2', membershipVersion: 3 }), handlers);
    routePush('teams', JSON.stringify({ itemId: 'u2' }), handlers);
    routePush('shares', 'not json', handlers);
    routePush('branding', JSON.stringify({ type: AccountEvent.BrandingChanged, itemId: 'a1' }), handlers);
    expect(heard).toEqual([
      ['files', FilesEvent.FolderCreated, 'Invoices'],
      ['team', 'u2', 3],
      ['shares', undefined],
      ['branding', 'a1'],
    ]);
  });

  it('subscribes only to the channels of the contract: a misspelled or renamed channel does not compile', () => {
    const { heard, handlers } = recordingHandlers();
    const misspelled: PushHandlers = {
      ...handlers,
      // @ts-expect-error there is no channel 'brandings' (it is 'branding')
      brandings: () => heard.push(['brandings']),
    };
    // @ts-expect-error every channel of the contract needs its handler
    const missing: PushHandlers = {
      files: handlers.files,
      shares: handlers.shares,
      plan: handlers.plan,
      notifications: handlers.notifications,
      team: handlers.team,
    };
    // @ts-expect-error a share push carries no item
    const shares: PushHandlers['shares'] = (push) => heard.push(['shares', push?.item]);

    routePush('brandings', '{}', misspelled);
    routePush('shares', JSON.stringify({ itemId: 's1' }), { ...missing, branding: handlers.branding, shares });
    expect(heard).toEqual([['shares', undefined]]);
  });
});
