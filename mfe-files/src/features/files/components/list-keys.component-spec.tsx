import { act, screen, waitFor, within } from '@testing-library/react';
import { dismissToast, preloadDialog, preloadDropdownMenu, toast } from '@coffer/ui';
import { findToast, GatewayStandIn, ok, renderSignedIn } from '@coffer/web-core/testing';
import { FileGrid } from './file-grid';
import { useListSelection } from '../hooks/use-list-selection';
import { fileItem, idOf, listOf } from '../test-items';

const FOLDER_ID = '3e9d2c1b-7a6f-4e5d-8c4b-2a1f0e9d8c7b';
const ITEMS = [1, 2, 3, 4, 5].map((n) => fileItem({ id: idOf(n), name: `Item ${n}`, folderId: FOLDER_ID }));

/** A folder of five files, selectable, in a page that also has a search box (as the shell's top bar). */
function Folder({ viewOnly = false }: { viewOnly?: boolean }) {
  const list = listOf(ITEMS);
  const selection = useListSelection({ list, args: { folder: FOLDER_ID, sort: 'newest' }, mode: 'browse', canEdit: !viewOnly, folderId: FOLDER_ID });
  return (
    <>
      <form role="search">
        <input type="search" aria-label="Search files" />
      </form>
      <FileGrid list={list} mode="browse" selection={selection} viewOnly={viewOnly} />
    </>
  );
}

/** The element of item n that takes the focus: its name's button. */
const nameOf = (n: number) => screen.getByRole('button', { name: `Item ${n}` });
const checkbox = (n: number) => screen.getByRole<HTMLInputElement>('checkbox', { name: `Select Item ${n}` });

describe('the keys of a file list', () => {
  beforeAll(() => Promise.all([preloadDialog(), preloadDropdownMenu()]));

  it('arrows, Home and End move the focus between items; Space selects and deselects the focused one', async () => {
    const { user } = await renderSignedIn(<Folder />, { gateway: new GatewayStandIn() });
    nameOf(1).focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(nameOf(3)).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(nameOf(2)).toHaveFocus();
    await user.keyboard('{End}');
    expect(nameOf(5)).toHaveFocus();
    await user.keyboard('{Home}');
    expect(nameOf(1)).toHaveFocus();

    await user.keyboard('{ArrowRight} ');
    expect(ITEMS.map((_, i) => checkbox(i + 1).checked)).toEqual([false, true, false, false, false]);
    expect(within(screen.getByRole('toolbar', { name: 'Selection' })).getByText('1 selected')).toBeVisible();
    // Space selected: it did not open the file (no preview dialog).
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.keyboard('{ArrowRight} ');
    expect(checkbox(3).checked).toBe(true);
    await user.keyboard('{ArrowLeft} ');
    expect(ITEMS.map((_, i) => checkbox(i + 1).checked)).toEqual([false, false, true, false, false]);
    await user.keyboard('{ArrowRight}{Shift>}{ArrowRight}{ArrowRight}{/Shift}');
    expect(ITEMS.map((_, i) => checkbox(i + 1).checked)).toEqual([false, false, true, true, true]);
    expect(nameOf(5)).toHaveFocus();
  });

  it('F2 opens Rename for the focused item, only where the person may edit', async () => {
    const { user, unmount } = await renderSignedIn(<Folder />, { gateway: new GatewayStandIn() });
    nameOf(1).focus();
    await user.keyboard('{ArrowRight}{F2}');
    const dialog = await screen.findByRole('dialog', { name: 'Rename' });
    expect(within(dialog).getByRole('textbox')).toHaveValue('Item 2');
    unmount();

    const viewer = await renderSignedIn(<Folder viewOnly />, { gateway: new GatewayStandIn() });
    nameOf(1).focus();
    await viewer.user.keyboard('{F2}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('"?" lists every key; "/" focuses the search box; no key acts while typing in a field or while a dialog is open', async () => {
    const { user } = await renderSignedIn(<Folder />, { gateway: new GatewayStandIn() });
    nameOf(1).focus();
    await user.keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    for (const key of ['←', 'Enter', 'Space', 'Ctrl/Cmd', 'Delete', 'Escape', 'F2', '/', '?']) expect(within(dialog).getAllByText(key)[0]).toBeVisible();
    // A dialog is open: "/" stays where it is.
    await user.keyboard('/');
    expect(screen.getByRole('searchbox', { name: 'Search files', hidden: true })).not.toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();

    nameOf(1).focus();
    await user.keyboard('/');
    const search = screen.getByRole('searchbox', { name: 'Search files' });
    expect(search).toHaveFocus();
    // Typing in the box: "?" and "/" are text, and no dialog opens.
    await user.keyboard('a/b?');
    expect(search).toHaveValue('a/b?');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('gives the focus back to the item a dialog was opened from when it closes: the preview, Rename, Move to…, Versions', async () => {
    const gateway = new GatewayStandIn()
      .route('GET', /^\/files\/[0-9a-f-]{36}\/link$/, ok({ url: 'https://storage.example/item.txt', expiresAt: '2026-11-27T11:30:00.000Z' }))
      .route('GET', /^\/files\/[0-9a-f-]{36}\/versions$/, ok({ items: [] }));
    const { user } = await renderSignedIn(<Folder />, { gateway });
    // The toasts' code, there before the preview's "Opening file" shows.
    await act(async () => void toast({ title: 'Signed in' }));
    await findToast('Signed in');
    act(() => dismissToast());
    const closed = async () => {
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    };
    // The preview, opened with Enter on an item reached by the arrows.
    nameOf(1).focus();
    await user.keyboard('{ArrowRight}{ArrowRight}{Enter}');
    await screen.findByRole('dialog', { name: 'Item 3' });
    // (Escape closes a toast first: "Opening file" goes.)
    await findToast('Opening file');
    act(() => dismissToast());
    await closed();
    await waitFor(() => expect(nameOf(3)).toHaveFocus());
    // Rename with F2: the arrows go on from the item.
    await user.keyboard('{ArrowRight}{F2}');
    await screen.findByRole('dialog', { name: 'Rename' });
    await closed();
    await waitFor(() => expect(nameOf(4)).toHaveFocus());
    // From the item's menu: Move to… and Versions.
    for (const [n, entry] of [
      [2, 'Move to…'],
      [5, 'Versions'],
    ] as const) {
      await user.click(screen.getByRole('button', { name: `Actions for Item ${n}` }));
      await user.click(await screen.findByRole('menuitem', { name: entry }));
      const dialog = await screen.findByRole('dialog', { name: entry });
      await user.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      await waitFor(() => expect(nameOf(n)).toHaveFocus());
    }
    await user.keyboard('{ArrowLeft}');
    expect(nameOf(4)).toHaveFocus();
  });
});
