import { FOLDER_MIME_TYPE, type EnsureFolderPathsReply, type FileItem, type FolderPath, type HttpErrorBody, type ListFilesReply } from '@coffer/contracts';
import { planFeatures } from '@coffer/plans';
import { call, confirmedUser, signUp, type TestUser } from './support.js';

const ensure = (user: TestUser, body: Record<string, unknown>) =>
  call<EnsureFolderPathsReply & HttpErrorBody>('/api/folder-paths', { body, token: user.accessToken });
const list = async (user: TestUser, folder: string) => (await call<ListFilesReply>(`/api/files?folder=${folder}`, { token: user.accessToken })).body.items;
const folderNames = async (user: TestUser, folder: string) =>
  (await list(user, folder))
    .filter((i) => i.mimeType === FOLDER_MIME_TYPE)
    .map((i) => i.name)
    .sort();

describe('folder paths (a folder upload recreating its tree)', () => {
  it('makes each path once, reuses a folder of the same name (any case), keeps empty folders, and changes nothing when asked again', async () => {
    const owner = await signUp();
    const paths = [
      ['Photos', '2026', 'March'],
      ['Photos', '2026', 'April'],
      ['Photos', 'Empty'],
      ['documents', 'Contracts'],
    ];
    const first = await ensure(owner, { parentId: 'root', paths });
    expect(first.status).toBe(200);
    expect(first.body.folderIds).toHaveLength(4);

    const root = await list(owner, 'root');
    const photos = root.find((i) => i.name === 'Photos')!;
    const documents = root.find((i) => i.name === 'Documents')!;
    // "documents" is the Documents folder every account has: reused, not made again.
    expect(root.filter((i) => i.name.toLowerCase() === 'documents')).toHaveLength(1);
    expect(await folderNames(owner, documents.id)).toEqual(['Contracts']);
    expect(await folderNames(owner, photos.id)).toEqual(['2026', 'Empty']);
    const year = (await list(owner, photos.id)).find((i) => i.name === '2026')!;
    expect(await folderNames(owner, year.id)).toEqual(['April', 'March']);
    const march = (await list(owner, year.id)).find((i) => i.name === 'March')!;
    expect(first.body.folderIds[0]).toBe(march.id);

    // Again (a retried request, a second upload of the same folder): the same folders, none added.
    const second = await ensure(owner, { parentId: 'root', paths });
    expect(second.body.folderIds).toEqual(first.body.folderIds);
    expect((await list(owner, 'root')).filter((i) => i.name === 'Photos')).toHaveLength(1);
    expect(await folderNames(owner, year.id)).toEqual(['April', 'March']);

    // Under a folder: the same, from there.
    const under = await ensure(owner, { parentId: photos.id, paths: [['2026', 'March'], ['Scans']] });
    expect(under.body.folderIds[0]).toBe(march.id);
    expect(await folderNames(owner, photos.id)).toEqual(['2026', 'Empty', 'Scans']);
  });

  it("refuses another account's folder as the parent, and makes nothing there", async () => {
    const [owner, stranger] = await Promise.all([signUp(), signUp()]);
    const [target] = (await ensure(owner, { parentId: 'root', paths: [['Private']] })).body.folderIds;
    const refused = await ensure(stranger, { parentId: target, paths: [['Leak']] });
    expect(refused.status).toBe(404);
    expect(refused.body).toMatchObject({ code: 'NOT_FOUND', message: 'Folder not found' });
    expect(await list(owner, target)).toEqual([]);
    expect(await folderNames(stranger, 'root')).not.toContain('Leak');
  });

  it('validates the names and the size of the request', async () => {
    const owner = await signUp();
    const refusals = await Promise.all([
      ensure(owner, { parentId: 'root', paths: [['']] }),
      ensure(owner, { parentId: 'root', paths: [['a/b']] }),
      ensure(owner, { parentId: 'root', paths: [[]] }),
      ensure(owner, { parentId: 'root', paths: [] }),
      ensure(owner, { parentId: 'root', paths: [Array.from({ length: 65 }, (_, i) => `L${i}`)] }),
      ensure(owner, { parentId: 'root', paths: Array.from({ length: 1001 }, (_, i) => [`F${i}`]) }),
      ensure(owner, { parentId: 'root', paths: [['x'.repeat(256)]] }),
      ensure(owner, { parentId: 'not-a-folder', paths: [['A']] }),
    ]);
    expect(refusals.map((r) => r.status)).toEqual([400, 400, 400, 400, 400, 400, 400, 400]);
    expect(refusals[0].body.message).toContain('Please enter a folder name');
    expect(refusals[1].body.message).toContain('Folder names cannot contain "/"');
    // Nothing was made by any of them.
    expect(await folderNames(owner, 'root')).toEqual(['Documents', 'Images', 'Invoices', 'Projects']);
  });

  it("lets a Can edit folder-share recipient recreate a tree in the sharer's folder, refuses Can view, and tells the recipient the sharer's largest file", async () => {
    const [owner, recipient, viewer] = await Promise.all([confirmedUser('Olive Owner'), confirmedUser('Rita Recipient'), confirmedUser('Vic Viewer')]);
    expect((await call('/api/subscription/trial', { body: { plan: 'business' }, token: owner.accessToken })).status).toBe(201);
    const [clients] = (await ensure(owner, { parentId: 'root', paths: [['Clients']] })).body.folderIds;
    for (const [who, level] of [
      [recipient, 'edit'],
      [viewer, 'view'],
    ] as const)
      expect((await call('/api/shares', { body: { fileId: clients, email: who.email, level }, token: owner.accessToken })).status).toBe(201);

    const made = await ensure(recipient, { parentId: clients, paths: [['Acme', 'Invoices']] });
    expect(made.status).toBe(200);
    const acme = (await list(owner, clients)).find((i) => i.name === 'Acme') as FileItem;
    expect(acme).toBeDefined();
    expect(await folderNames(owner, acme.id)).toEqual(['Invoices']);
    expect(await folderNames(recipient, 'root')).not.toContain('Acme');

    expect((await ensure(viewer, { parentId: clients, paths: [['Nope']] })).status).toBe(403);
    expect(await folderNames(owner, clients)).toEqual(['Acme']);

    // The Upload dialog's limit in the shared folder: the sharer's plan (business), not the recipient's trial-less own.
    const shared = await call<FolderPath>(`/api/folders/${clients}`, { token: recipient.accessToken });
    expect(shared.body.sharerMaxFileBytes).toBe(planFeatures('business').maxFileBytes);
    expect(planFeatures('business').maxFileBytes).toBeGreaterThan(planFeatures(null).maxFileBytes);
    expect((await call<FolderPath>(`/api/folders/${clients}`, { token: viewer.accessToken })).body.sharerMaxFileBytes).toBeUndefined();
    expect((await call<FolderPath>(`/api/folders/${clients}`, { token: owner.accessToken })).body.sharerMaxFileBytes).toBeUndefined();
  });
});
