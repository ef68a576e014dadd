import { screen, waitFor, within } from '@testing-library/react';
import type { ListFilesReply } from '@coffer/contracts';
import { findToast, GatewayStandIn, ok, renderSignedIn, type SentRequest } from '@coffer/web-core/testing';
import { FileGrid } from './file-grid';
import { useListSelection } from '../hooks/use-list-selection';
import { fileItem, idOf, listOf } from '../test-items';
import { selectRange, toggle, NOTHING_SELECTED, selectedCount, selectAll, idsToActOn } from '../lib/selection';

const FOLDER_ID = '3e9d2c1b-7a6f-4e5d-8c4b-2a1f0e9d8c7b';
const nthItem = (n: number) => fileItem({ id: idOf(n), name: `Item ${n}`, folderId: FOLDER_ID });
const FOLDER_TOTAL = 2500;
const ALL = Array.from({ length: FOLDER_TOTAL }, (_, i) => nthItem(i + 1));

/** A folder of 2,500 of which the grid has read the first 10, as the browser would have. */
function Folder({ mode = 'browse', loaded = 10 }: { mode?: 'browse' | 'trash'; loaded?: number }) {
  const list = listOf(ALL.slice(0, loaded), FOLDER_TOTAL);
  const args = mode === 'trash' ? { view: 'trash' as const } : { folder: FOLDER_ID, sort: 'newest' as const };
  const selection = useListSelection({ list, args, mode, canEdit: true, folderId: FOLDER_ID });
  return <FileGrid list={list} mode={mode} selection={selection} />;
}

/** The folder's pages of ids, as GET /files answers them (a page of `limit` after `after`). */
const folderPages = (request: SentRequest) => {
  const limit = Number(request.query.limit);
  const start = request.query.after ? ALL.findIndex((i) => i.id === request.query.after) + 1 : 0;
  const items = ALL.slice(start, start + limit);
  const next = start + limit < ALL.length ? items[items.length - 1].id : null;
  return ok({ items, next, total: ALL.length } satisfies ListFilesReply);
};
/** Every item asked for done. */
const allDone = (request: SentRequest) => ok({ done: (request.body as { items: string[] }).items, refused: [] });
const checkbox = (n: number) => screen.getByRole<HTMLInputElement>('checkbox', { name: `Select Item ${n}` });

describe('selecting in a list', () => {
  it('a click selects one item, a shift-click the range from it; the bar counts them and trashes them in one request', async () => {
    const gateway = new GatewayStandIn().route('POST', '/files/bulk/trash', allDone);
    const { user } = await renderSignedIn(<Folder />, { gateway });
    expect(screen.queryByRole('toolbar', { name: 'Selection' })).toBeNull();

    await user.click(checkbox(2));
    await user.keyboard('{Shift>}');
    await user.click(checkbox(6));
    await user.keyboard('{/Shift}');
    const bar = screen.getByRole('toolbar', { name: 'Selection' });
    expect(within(bar).getByText('5 selected')).toBeVisible();
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => checkbox(n).checked)).toEqual([false, true, true, true, true, true, false]);

    await user.click(within(bar).getByRole('button', { name: 'Trash' }));
    await findToast('5 items moved to trash');
    expect(gateway.sent('POST', '/files/bulk/trash').map((r) => r.body)).toEqual([{ items: [2, 3, 4, 5, 6].map(idOf) }]);
    // Done: nothing is selected any more.
    await waitFor(() => expect(screen.queryByRole('toolbar', { name: 'Selection' })).toBeNull());
  });

  it('"Select all" selects every item of the folder, not only those read: the exact count, and every id but those left out sent', async () => {
    const gateway = new GatewayStandIn().route('GET', '/files', folderPages).route('POST', '/files/bulk/trash', (request) => {
      const [first, ...rest] = (request.body as { items: string[] }).items;
      return ok({
        done: rest,
        refused: [{ id: first, code: 'FORBIDDEN', message: 'You can only view this folder. Ask someone who manages it for Can edit.' }],
      });
    });
    const { user } = await renderSignedIn(<Folder />, { gateway });

    await user.click(screen.getByRole('button', { name: 'Select all' }));
    const bar = screen.getByRole('toolbar', { name: 'Selection' });
    expect(within(bar).getByText('2,500 selected')).toBeVisible();
    await user.click(checkbox(1));
    expect(within(bar).getByText('2,499 selected')).toBeVisible();

    await user.click(within(bar).getByRole('button', { name: 'Trash' }));
    const toast = await findToast('2,498 items moved to trash');
    expect(toast).toHaveTextContent('1 item could not be moved to trash: You can only view this folder.');
    // The folder's ids read a page of 1,000 at a time, then one request with all of them but the one left out.
    expect(gateway.sent('GET', '/files').map((r) => r.query.after ?? null)).toEqual([null, idOf(1000), idOf(2000)]);
    const [sent] = gateway.sent('POST', '/files/bulk/trash');
    expect((sent.body as { items: string[] }).items).toEqual(ALL.slice(1).map((i) => i.id));
  });

  it("in the trash: Restore, and Delete forever only once confirmed, each answered in the spec's words for one item", async () => {
    const gateway = new GatewayStandIn().route('POST', '/files/bulk/delete', allDone).route('POST', '/files/bulk/restore', allDone);
    const { user } = await renderSignedIn(<Folder mode="trash" />, { gateway });

    await user.click(checkbox(3));
    const bar = screen.getByRole('toolbar', { name: 'Selection' });
    expect(within(bar).queryByRole('button', { name: 'Move' })).toBeNull();
    await user.click(within(bar).getByRole('button', { name: 'Delete forever' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete forever?' });
    expect(dialog).toHaveTextContent('1 item will be deleted for good. This cannot be undone.');
    expect(gateway.sent('POST', '/files/bulk/delete')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Delete forever' }));
    await findToast('File deleted forever');
    expect(gateway.sent('POST', '/files/bulk/delete').map((r) => r.body)).toEqual([{ items: [idOf(3)] }]);

    await user.click(checkbox(4));
    await user.click(checkbox(5));
    await user.click(within(screen.getByRole('toolbar', { name: 'Selection' })).getByRole('button', { name: 'Restore' }));
    await findToast('2 items restored');
  });

  it('keys: Escape clears the selection, Ctrl+A selects all', async () => {
    const { user } = await renderSignedIn(<Folder />, { gateway: new GatewayStandIn() });
    await user.click(checkbox(1));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('toolbar', { name: 'Selection' })).toBeNull();
    await user.keyboard('{Control>}a{/Control}');
    expect(within(screen.getByRole('toolbar', { name: 'Selection' })).getByText('2,500 selected')).toBeVisible();
  });
});

describe('the selection rules', () => {
  const order = ['a', 'b', 'c', 'd', 'e'];
  it('a shift-click gives the range the state of the item clicked last, in either direction', () => {
    const some = selectRange(toggle(NOTHING_SELECTED, 'd'), 'b', order);
    expect([...some.ids].sort()).toEqual(['b', 'c', 'd']);
    // From an item just unselected, a range unselects.
    const fewer = selectRange(toggle(some, 'c'), 'b', order);
    expect([...fewer.ids].sort()).toEqual(['d']);
    // After Select all, items left out are named instead.
    const allBut = selectRange(toggle(selectAll(), 'a'), 'c', order);
    expect(selectedCount(allBut, 5)).toBe(2);
    expect(idsToActOn(allBut, order)).toEqual(['d', 'e']);
  });
});
