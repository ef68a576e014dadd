import { useState } from 'react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { preloadProgress } from '@coffer/ui';
import { ROOT_FOLDER, type AccountPlan, type FileItem, type FolderPath, type UploadSlot } from '@coffer/contracts';
import { planFeatures } from '@coffer/plans';
import { findToast, GatewayStandIn, ok, renderSignedIn, StorageStandIn, type SentRequest } from '@coffer/web-core/testing';
import { readEntries } from '../lib/picked-files';
import { UPLOADS_AT_ONCE, type ChosenFile } from '../hooks/use-upload-queue';
import { UploadDialog } from './upload-dialog';
import { UploadTray } from './upload-tray';

// The browser's FileSystem entries (what a dropped folder gives) stood in for: a tree of names, each folder read
// through a reader that answers in batches of 100 and then an empty batch, as Chromium's does.
type Tree = { [name: string]: string | Tree | Error };
const BATCH = 100;

function entryOf(name: string, node: string | Tree | Error, parent = ''): FileSystemEntry {
  const fullPath = `${parent}/${name}`;
  if (typeof node === 'string' || node instanceof Error) {
    return {
      name,
      fullPath,
      isFile: true,
      isDirectory: false,
      file: (resolve: (file: File) => void, reject: (error: Error) => void) =>
        node instanceof Error ? reject(node) : resolve(new File([node], name, { type: 'text/plain', lastModified: 1_764_000_000_000 })),
    } as unknown as FileSystemFileEntry;
  }
  const children = Object.entries(node).map(([child, value]) => entryOf(child, value, fullPath));
  return {
    name,
    fullPath,
    isFile: false,
    isDirectory: true,
    createReader: () => {
      let at = 0;
      return {
        readEntries: (resolve: (batch: FileSystemEntry[]) => void) => {
          const batch = children.slice(at, at + BATCH);
          at += batch.length;
          setTimeout(() => resolve(batch));
        },
      };
    },
  } as unknown as FileSystemDirectoryEntry;
}

/** A drop of these entries, as the browser hands it to a drop handler. */
const dropOf = (entries: FileSystemEntry[]) => ({
  dataTransfer: {
    types: ['Files'],
    files: [],
    items: entries.map((entry) => ({ kind: 'file', webkitGetAsEntry: () => entry, getAsFile: () => null })),
  },
});

const MANY = Object.fromEntries(Array.from({ length: 250 }, (_, i) => [`page-${i}.txt`, `page ${i}`]));

describe('reading a dropped folder', () => {
  it('reads every batch of a big folder at every depth, keeps empty folders, and lists a file it could not read instead of skipping it', async () => {
    const tree: Tree = { Book: { chapters: MANY, drafts: { old: {} }, 'cover.txt': 'cover', 'locked.txt': new Error('Permission denied') } };
    const picked = await readEntries([entryOf('Book', tree.Book)], [new File(['loose'], 'loose.txt')]);

    expect(picked.files).toHaveLength(1 + 250 + 1);
    expect(picked.files.map((f) => f.name)).toEqual(expect.arrayContaining(['loose.txt', 'page-0.txt', 'page-249.txt', 'cover.txt']));
    expect(picked.folders).toEqual([['Book'], ['Book', 'chapters'], ['Book', 'drafts'], ['Book', 'drafts', 'old']]);
    expect(picked.unreadable).toEqual(['Book/locked.txt: Permission denied']);
  });
});

const trial: AccountPlan = {
  planType: 'trial',
  status: 'trial',
  trialEndDate: null,
  storageLimitBytes: planFeatures('trial').storageLimit,
  features: planFeatures('trial'),
};
const FOLDER_IDS = ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222', '33333333-3333-4333-8333-333333333333'];
const uploadIdOf = (n: number) => `aaaaaaaa-aaaa-4aaa-8aaa-${String(n).padStart(12, '0')}`;

function storedFile(request: SentRequest): FileItem {
  return {
    id: request.path.split('/')[2],
    name: 'stored.txt',
    size: 1,
    mimeType: 'text/plain',
    folderId: ROOT_FOLDER,
    isFolder: false,
    createdAt: '2026-11-27T10:00:00.000Z',
    updatedAt: '2026-11-27T10:00:00.000Z',
    deletedAt: null,
    lastAccessedAt: null,
  };
}

function Uploading({ folderId }: { folderId?: string }) {
  const [open, setOpen] = useState(true);
  return <UploadDialog open={open} onOpenChange={setOpen} currentFolderId={folderId} />;
}

describe('uploading a folder', () => {
  beforeAll(() => preloadProgress());

  it('recreates a dropped folder under the chosen folder (empty folders too) in one request, then sends each file into its folder, all in the tray', async () => {
    let n = 0;
    const gateway = new GatewayStandIn()
      .route('GET', '/subscription', ok(trial))
      .route('GET', '/uploads', ok({ items: [] }))
      .route('POST', '/folder-paths', ok({ folderIds: FOLDER_IDS }))
      .route('POST', '/uploads', () => {
        n += 1;
        return ok(
          { uploadId: uploadIdOf(n), url: `https://storage.test/coffer-files/${n}`, headers: {}, expiresAt: '2026-11-27T10:00:00.000Z' } satisfies UploadSlot,
          201,
        );
      })
      .route('POST', /^\/uploads\/[^/]+\/complete$/, (request) => ok(storedFile(request)));
    const storage = new StorageStandIn().answerWith(200);
    const { user } = await renderSignedIn(<Uploading />, { gateway, storage });
    const dialog = await screen.findByRole('dialog', { name: 'Upload Files' });
    await within(dialog).findByText('Maximum file size: 50MB');

    const tree: Tree = { 'top.txt': 'top', Reports: { 'q1.txt': 'first quarter', Empty: {} } };
    fireEvent.drop(within(dialog).getByText('Drag and drop files or folders here, or'), dropOf([entryOf('Site', tree)]));
    await user.click(await within(dialog).findByRole('button', { name: 'Upload (2)' }));

    expect(await findToast('2 file(s) uploaded successfully')).toBeInTheDocument();
    await waitFor(() => expect(document.body.textContent?.split('2 file(s) uploaded successfully')).toHaveLength(3));
    expect(gateway.sent('POST', '/folder-paths').map((r) => r.body)).toEqual([
      { parentId: ROOT_FOLDER, paths: [['Site'], ['Site', 'Reports'], ['Site', 'Reports', 'Empty']] },
    ]);
    // Each file into the folder the server answered for its path.
    const asked = gateway.sent('POST', '/uploads').map((r) => r.body as { name: string; folderId: string });
    expect(asked.map(({ name, folderId }) => [name, folderId]).sort()).toEqual([
      ['q1.txt', FOLDER_IDS[1]],
      ['top.txt', FOLDER_IDS[0]],
    ]);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Uploads' })).not.toBeInTheDocument());
  });

  it('sends at most UPLOADS_AT_ONCE files at a time, the others shown as waiting, until every one has gone', async () => {
    let n = 0;
    const gateway = new GatewayStandIn()
      .route('GET', '/subscription', ok(trial))
      .route('GET', '/uploads', ok({ items: [] }))
      .route('POST', '/uploads', () => {
        n += 1;
        return ok(
          { uploadId: uploadIdOf(n), url: `https://storage.test/coffer-files/${n}`, headers: {}, expiresAt: '2026-11-27T10:00:00.000Z' } satisfies UploadSlot,
          201,
        );
      })
      .route('POST', /^\/uploads\/[^/]+\/complete$/, (request) => ok(storedFile(request)));
    // Every PUT held until the test answers it: what is sent and not answered is in flight.
    const storage = new StorageStandIn().answerWith('held');
    const { user } = await renderSignedIn(<Uploading />, { gateway, storage });
    const dialog = await screen.findByRole('dialog', { name: 'Upload Files' });
    await within(dialog).findByText('Maximum file size: 50MB');
    const files = Array.from({ length: 12 }, (_, i) => entryOf(`file-${i}.txt`, `file ${i}`));
    fireEvent.drop(within(dialog).getByText('Drag and drop files or folders here, or'), dropOf(files));
    await user.click(await within(dialog).findByRole('button', { name: 'Upload (12)' }));

    const tray = await screen.findByRole('region', { name: 'Uploads' });
    await storage.put(UPLOADS_AT_ONCE);
    expect(await within(tray).findByText('8 waiting')).toBeInTheDocument();
    expect(storage.puts).toHaveLength(UPLOADS_AT_ONCE);
    // Each answer lets one more go, never more than UPLOADS_AT_ONCE in flight.
    for (let answered = 0; answered < files.length; answered += 1) {
      expect(storage.puts.length - answered).toBeLessThanOrEqual(UPLOADS_AT_ONCE);
      const put = await storage.put(answered + 1);
      await act(async () => put.answer(200));
      if (answered + 1 + UPLOADS_AT_ONCE <= files.length) await storage.put(answered + 1 + UPLOADS_AT_ONCE);
    }
    expect(await findToast('12 file(s) uploaded successfully')).toBeInTheDocument();
    expect(storage.puts).toHaveLength(12);
  });

  it("in a folder shared with the person, shows the sharer's largest file and that folder, not their own folders", async () => {
    const shared: FolderPath = {
      folder: { ...storedFile({ path: `/x/${FOLDER_IDS[0]}` } as SentRequest), name: 'Clients', mimeType: 'folder', isFolder: true },
      path: [{ id: FOLDER_IDS[0], name: 'Clients' }],
      level: 'edit',
      sharedLevel: 'edit',
      sharerMaxFileBytes: planFeatures('business').maxFileBytes,
    };
    const gateway = new GatewayStandIn()
      .route('GET', '/subscription', ok(trial))
      .route('GET', '/uploads', ok({ items: [] }))
      .route('GET', `/folders/${FOLDER_IDS[0]}`, ok(shared));
    await renderSignedIn(<Uploading folderId={FOLDER_IDS[0]} />, { gateway });
    const dialog = await screen.findByRole('dialog', { name: 'Upload Files' });

    expect(await within(dialog).findByText('Maximum file size: 10GB')).toBeInTheDocument();
    expect(within(dialog).getByText('Shared / Clients')).toBeInTheDocument();
    expect(within(dialog).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(dialog).getByText('Files added here count against the storage of the account that shared this folder.')).toBeInTheDocument();
  });
});

describe('the uploads tray', () => {
  const chosen = (name: string, size: number, status: ChosenFile['status'], progress: number, error?: string): ChosenFile => ({
    key: name,
    file: new File([new Uint8Array(size)], name),
    status,
    progress,
    error,
  });

  it('shows one progress for the whole (files and bytes), each failure with its reason, Retry, and folds to one line', async () => {
    const retried: string[] = [];
    const removed: string[] = [];
    const onRetry = () => retried.push('retry');
    const onRemove = (key: string) => removed.push(key);
    const nothing = () => undefined;
    const files = [
      chosen('a.txt', 1000, 'done', 100),
      chosen('b.txt', 1000, 'uploading', 50),
      chosen('c.txt', 2000, 'failed', 0, "There isn't enough storage space left on your plan for this file."),
    ];
    const { rerender } = render(
      <UploadTray chosen={files} refused={['big.iso: too large']} uploading onRetry={onRetry} onRemove={onRemove} onCancel={nothing} onClose={nothing} />,
    );
    const tray = screen.getByRole('region', { name: 'Uploads' });
    expect(within(tray).getByRole('status')).toHaveTextContent('Uploading 1 of 3 file(s)');
    // 1000 + 500 of 4000 bytes.
    expect(within(tray).getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('aria-valuenow', '37');
    expect(tray).toHaveTextContent('1 of 3 files');
    expect(within(tray).getByRole('progressbar', { name: 'Uploading b.txt' })).toHaveAttribute('aria-valuenow', '50');
    expect(within(tray).getByRole('list', { name: 'Not uploaded' })).toHaveTextContent(
      "c.txtThere isn't enough storage space left on your plan for this file.",
    );
    expect(tray).toHaveTextContent('big.iso: too large');
    // Retry once nothing is being sent.
    expect(within(tray).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();

    rerender(
      <UploadTray
        chosen={files.map((f) => (f.key === 'b.txt' ? { ...f, status: 'done', progress: 100 } : f))}
        refused={[]}
        uploading={false}
        onRetry={onRetry}
        onRemove={onRemove}
        onCancel={nothing}
        onClose={nothing}
      />,
    );
    expect(within(tray).getByRole('status')).toHaveTextContent('1 of 3 file(s) not uploaded');
    fireEvent.click(within(tray).getByRole('button', { name: 'Retry' }));
    expect(retried).toEqual(['retry']);
    fireEvent.click(within(tray).getByRole('button', { name: 'Remove c.txt' }));
    expect(removed).toEqual(['c.txt']);

    fireEvent.click(within(tray).getByRole('button', { name: 'Hide uploads' }));
    expect(within(tray).queryByRole('list', { name: 'Not uploaded' })).not.toBeInTheDocument();
    expect(within(tray).getByRole('progressbar', { name: 'Upload progress' })).toBeInTheDocument();
    expect(within(tray).getByRole('button', { name: 'Show uploads' })).toHaveAttribute('aria-expanded', 'false');
  });
});
