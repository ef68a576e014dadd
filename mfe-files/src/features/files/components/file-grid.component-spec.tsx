import { act, screen, waitFor, within } from '@testing-library/react';
import { BrowserRouter, useLocation } from '@coffer/web-core/router';
import { dismissToast, preloadDialog, preloadDropdownMenu, toast } from '@coffer/ui';
import { DEFAULT_EMAIL_PREFERENCES, DEFAULT_GENERAL_SETTINGS, type FileViewLayout } from '@coffer/contracts';
import { findToast, GatewayStandIn, ok, renderSignedIn, TEST_USER, type SentRequest } from '@coffer/web-core/testing';
import { FileGrid } from './file-grid';
import { ViewToggle } from './view-toggle';
import { fileItem, folderItem, listOf } from '../test-items';

const PHOTO = fileItem({
  id: '6f1c0a52-3d7e-4b8a-9c21-5e4f3a2b1c0d',
  name: 'Team photo.png',
  size: 2 * 1024 * 1024,
  mimeType: 'image/png',
  addedBy: '7a0c9e1f-2b3d-4c5e-8f6a-1b2c3d4e5f60',
});
const FOLDER = folderItem({ id: '3e9d2c1b-7a6f-4e5d-8c4b-2a1f0e9d8c7b', name: 'Contracts 2026', addedBy: TEST_USER.id });
const LINK_PATH = /^\/files\/[0-9a-f-]{36}\/link$/;

const preferences = (fileView: FileViewLayout) => ok({ email: DEFAULT_EMAIL_PREFERENCES, general: DEFAULT_GENERAL_SETTINGS, fileView });

/** The account's people: the signed-in owner, and the member who added the photo. */
const TEAM = ok({
  items: [
    {
      id: '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a',
      userId: PHOTO.addedBy,
      email: 'mia@example.com',
      fullName: 'Mia Member',
      role: 'member',
      status: 'active',
      invitedAt: '2026-11-01T09:00:00.000Z',
    },
  ],
  owner: { userId: TEST_USER.id, fullName: TEST_USER.fullName, email: TEST_USER.email },
});

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

async function renderGrid(gateway: GatewayStandIn) {
  window.history.replaceState(null, '', '/dashboard/files');
  const view = await renderSignedIn(
    <BrowserRouter>
      <ViewToggle />
      <FileGrid list={listOf([FOLDER, PHOTO])} mode="browse" />
      <Where />
    </BrowserRouter>,
    { gateway },
  );
  // The toasts' code, there before a click shows one (as on a page that has shown one already).
  await act(async () => void toast({ title: 'Signed in' }));
  await findToast('Signed in');
  act(() => dismissToast());
  return view;
}

const gatewayWith = (fileView: FileViewLayout) =>
  new GatewayStandIn()
    .route('GET', '/preferences', preferences(fileView))
    .route('PATCH', '/preferences', (request: SentRequest) => preferences((request.body as { fileView: FileViewLayout }).fileView))
    .route('GET', '/team', TEAM)
    .route('GET', LINK_PATH, ok({ url: 'https://storage.example/photo.png', expiresAt: '2026-11-27T11:30:00.000Z' }));

describe('the file list: open on click, the same menu, grid or list', () => {
  // The preview dialog's and the menu's code, there before a key or a click opens them (each test may be the first to).
  beforeAll(() => Promise.all([preloadDialog(), preloadDropdownMenu()]));

  it('opens a file\'s preview when its card is clicked, with "Opening file"; its menu button opens only the menu', async () => {
    const gateway = gatewayWith('grid');
    const { user } = await renderGrid(gateway);
    const card = await screen.findByRole('group', { name: 'Image Team photo.png' });

    await user.click(within(card).getByRole('button', { name: 'Actions for Team photo.png' }));
    expect(await screen.findByRole('menuitem', { name: 'View' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(gateway.sent('GET', LINK_PATH)).toHaveLength(0);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());

    // The name's button covers the card (a click anywhere on it lands there: e2e/open-and-list.e2e.ts clicks the card's middle).
    await user.click(within(card).getByRole('button', { name: 'Team photo.png' }));
    await findToast('Opening file');
    const preview = await screen.findByRole('dialog', { name: 'Team photo.png' });
    expect(await within(preview).findByRole('img', { name: 'Team photo.png' })).toHaveAttribute('src', 'https://storage.example/photo.png');
    expect(gateway.sent('GET', LINK_PATH).map((r) => [r.path, r.query.disposition])).toEqual([[`/files/${PHOTO.id}/link`, 'inline']]);
  });

  it('opens a file with Enter on its focused card, and enters a folder with Enter on its card', async () => {
    const gateway = gatewayWith('grid');
    const { user } = await renderGrid(gateway);
    await screen.findByRole('group', { name: 'Image Team photo.png' });

    await user.tab(); // Grid view
    await user.tab(); // List view
    await user.tab();
    expect(screen.getByRole('link', { name: 'Contracts 2026' })).toHaveFocus();
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Team photo.png' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Team photo.png' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    screen.getByRole('link', { name: 'Contracts 2026' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(`/dashboard/files/${FOLDER.id}`));
  });

  it('shows the list view the server keeps for the user: name, size, modified and who added each item, with the same menu', async () => {
    const gateway = gatewayWith('list');
    const { user } = await renderGrid(gateway);
    const table = await screen.findByRole('table', { name: 'Files' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Size', 'Modified', 'Added by', 'Actions']);
    const photo = within(table).getByRole('row', { name: 'Image Team photo.png' });
    await waitFor(() => expect(within(photo).getByText('Mia Member')).toBeInTheDocument());
    expect(within(photo).getByText('2 MB')).toBeInTheDocument();
    expect(within(photo).getByText(new Date(PHOTO.updatedAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }))).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: 'Folder Contracts 2026' })).toHaveTextContent(TEST_USER.fullName);
    expect(screen.getByRole('button', { name: 'List view' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(within(photo).getByRole('button', { name: 'Actions for Team photo.png' }));
    expect((await screen.findAllByRole('menuitem')).map((m) => m.textContent)).toEqual([
      'View',
      'Share',
      'Who has access',
      'Download',
      'Versions',
      'Rename',
      'Move to…',
      'Delete',
    ]);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());

    await user.click(within(photo).getByRole('button', { name: 'Team photo.png' }));
    expect(await screen.findByRole('dialog', { name: 'Team photo.png' })).toBeInTheDocument();
  });

  it('switches between grid and list with the toggle, saving the choice on the server', async () => {
    const gateway = gatewayWith('grid');
    const { user } = await renderGrid(gateway);
    await screen.findByRole('group', { name: 'Image Team photo.png' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Grid view' })).toHaveAttribute('aria-pressed', 'true'));

    await user.click(screen.getByRole('button', { name: 'List view' }));
    expect(await screen.findByRole('table', { name: 'Files' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Image Team photo.png' })).not.toBeInTheDocument();
    await waitFor(() => expect(gateway.sent('PATCH', '/preferences').map((r) => r.body)).toEqual([{ fileView: 'list' }]));

    await user.click(screen.getByRole('button', { name: 'Grid view' }));
    expect(await screen.findByRole('group', { name: 'Image Team photo.png' })).toBeInTheDocument();
    await waitFor(() => expect(gateway.sent('PATCH', '/preferences').map((r) => r.body)).toEqual([{ fileView: 'list' }, { fileView: 'grid' }]));
  });
});
