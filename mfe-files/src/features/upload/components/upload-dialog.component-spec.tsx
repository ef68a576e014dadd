import { useState } from 'react';
import { act, screen, waitFor, within } from '@testing-library/react';
import { preloadProgress } from '@coffer/ui';
import { partSizeFor, ROOT_FOLDER, type AccountPlan, type FileItem, type MultipartUpload, type UploadPartsReply, type UploadSlot } from '@coffer/contracts';
import { planFeatures } from '@coffer/plans';
import { findToast, GatewayStandIn, ok, refusal, renderSignedIn, StorageStandIn, type Answer, type Handler, type SentRequest } from '@coffer/web-core/testing';
import { UploadDialog } from './upload-dialog';

const MB = 1024 ** 2;
const UPLOAD_ID = '5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a';
const EXPIRES = '2026-11-27T10:00:00.000Z';
const FULL = "There isn't enough storage space left on your plan for this file. Free up space or upgrade your plan.";

const trial: AccountPlan = {
  planType: 'trial',
  status: 'trial',
  trialEndDate: null,
  storageLimitBytes: planFeatures('trial').storageLimit,
  features: planFeatures('trial'),
};

/** Where storage takes the bytes: one presigned PUT with the headers it was signed with. */
const slot: UploadSlot = {
  uploadId: UPLOAD_ID,
  url: `https://storage.test/coffer-files/${UPLOAD_ID}?X-Amz-Signature=first`,
  headers: { 'content-type': 'text/plain' },
  expiresAt: EXPIRES,
};

/** The file the gateway answers a completed upload with. */
function storedFile(request: SentRequest): FileItem {
  return {
    id: request.path.split('/')[2],
    name: 'notes.txt',
    size: 600,
    mimeType: 'text/plain',
    folderId: ROOT_FOLDER,
    isFolder: false,
    createdAt: EXPIRES,
    updatedAt: EXPIRES,
    deletedAt: null,
    lastAccessedAt: null,
  };
}

const notes = () => new File(['n'.repeat(600)], 'notes.txt', { type: 'text/plain', lastModified: 1_764_000_000_000 });

const size = 17 * MB;
const partSize = partSizeFor(size);
const partUrl = (n: number, signature: string) => ({
  partNumber: n,
  size: Math.min(partSize, size - (n - 1) * partSize),
  url: `https://storage.test/coffer-files/${UPLOAD_ID}?partNumber=${n}&X-Amz-Signature=${signature}`,
});
/** A 17 MB file goes as a multipart upload of three parts (8, 8 and 1 MB), its first parts' URLs given at once. */
const multipart: MultipartUpload = {
  uploadId: UPLOAD_ID,
  name: 'Site survey.mp4',
  size,
  mimeType: 'video/mp4',
  folderId: ROOT_FOLDER,
  lastModified: 1_764_000_000_000,
  partSize,
  partCount: 3,
  uploadedParts: [],
  expiresAt: EXPIRES,
  parts: [1, 2, 3].map((n) => partUrl(n, 'first')),
};
const video = () => new File([new Uint8Array(size)], 'Site survey.mp4', { type: 'video/mp4', lastModified: 1_764_000_000_000 });

/** The dashboard's part: the dialog is open until it closes itself. */
function Uploading() {
  const [open, setOpen] = useState(true);
  return <UploadDialog open={open} onOpenChange={setOpen} />;
}

function gatewayFor(...created: Array<Answer | Handler>) {
  return new GatewayStandIn()
    .route('GET', '/subscription', ok(trial))
    .route('GET', '/uploads', ok({ items: [] }))
    .route('POST', '/uploads', ...created)
    .route('POST', /^\/uploads\/[^/]+\/complete$/, (request) => ok(storedFile(request)));
}

/** Opens the dialog, waits until it knows the plan's largest file, and chooses `file`. */
async function chooseFile(network: { gateway: GatewayStandIn; storage: StorageStandIn }, file: File) {
  const view = await renderSignedIn(<Uploading />, network);
  const dialog = await screen.findByRole('dialog', { name: 'Upload Files' });
  expect(await within(dialog).findByText('Maximum file size: 50MB')).toBeInTheDocument();
  await view.user.upload(within(dialog).getByLabelText('Choose files'), file);
  return { ...view, dialog };
}

const dialogClosed = () => waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
/** Where the upload goes on once Upload is pressed: the tray in a corner of the page. */
const tray = () => screen.findByRole('region', { name: 'Uploads' });

describe('the Upload Files dialog', () => {
  // The dashboard around the dialog shows the storage meter, so a progress bar's code (a deferred chunk) is there before a file is sent.
  beforeAll(() => preloadProgress());

  it('closes on Upload and the file goes on in the tray, whose bars follow the bytes, then "1 file(s) uploaded successfully" and the tray goes; it asked for a slot, PUT the bytes there with its headers and completed it', async () => {
    const storage = new StorageStandIn().answerWith('held');
    const gateway = gatewayFor(ok(slot, 201));
    const { dialog, user } = await chooseFile({ gateway, storage }, notes());

    expect(within(dialog).getByRole('list', { name: 'Chosen files' })).toHaveTextContent('notes.txt');
    // Spec: each chosen file with its size in MB.
    expect(within(dialog).getByRole('list', { name: 'Chosen files' })).toHaveTextContent('0.01 MB');
    await user.click(within(dialog).getByRole('button', { name: 'Upload (1)' }));

    const put = await storage.put(1);
    await dialogClosed();
    const uploads = await tray();
    expect(within(uploads).getByRole('status')).toHaveTextContent('Uploading 0 of 1 file(s)');
    await act(async () => put.progress(300));
    expect(within(uploads).getByRole('progressbar', { name: 'Uploading notes.txt' })).toHaveAttribute('aria-valuenow', '50');
    expect(within(uploads).getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('aria-valuenow', '50');

    await act(async () => put.answer(200));
    await findToast('1 file(s) uploaded successfully');
    // The toast is also read out (a frame later): the test ends once it has been.
    await waitFor(() => expect(document.body.textContent?.split('1 file(s) uploaded successfully')).toHaveLength(3));
    // All arrived: the tray goes.
    await waitFor(() => expect(uploads).not.toBeInTheDocument());

    expect(gateway.sent('POST', '/uploads').map((r) => r.body)).toEqual([
      { name: 'notes.txt', size: 600, mimeType: 'text/plain', folderId: ROOT_FOLDER, lastModified: 1_764_000_000_000 },
    ]);
    expect(put.url).toBe(slot.url);
    expect(put.headers).toEqual({ 'content-type': 'text/plain' });
    expect(await put.text()).toBe('n'.repeat(600));
    expect(gateway.sent('POST', `/uploads/${UPLOAD_ID}/complete`)).toHaveLength(1);
  });

  it('refused by the server, lists the file with its reason in the tray and says "Failed to upload files"; Retry sends the file and it arrives', async () => {
    const storage = new StorageStandIn();
    const gateway = gatewayFor(refusal(413, 'CONFLICT', FULL), ok(slot, 201));
    const { dialog, user } = await chooseFile({ gateway, storage }, notes());

    await user.click(within(dialog).getByRole('button', { name: 'Upload (1)' }));
    expect(await findToast('Failed to upload files')).toHaveTextContent(FULL);
    const uploads = await tray();
    expect(within(uploads).getByRole('list', { name: 'Not uploaded' })).toHaveTextContent(`notes.txt${FULL}`);
    expect(within(uploads).getByRole('status')).toHaveTextContent('1 of 1 file(s) not uploaded');
    expect(storage.puts).toEqual([]);

    await user.click(within(uploads).getByRole('button', { name: 'Retry' }));
    await findToast('1 file(s) uploaded successfully');
    expect(within(uploads).queryByRole('list', { name: 'Not uploaded' })).not.toBeInTheDocument();
    expect(gateway.sent('POST', '/uploads')).toHaveLength(2);
    expect(storage.puts).toHaveLength(1);
    expect(gateway.sent('POST', `/uploads/${UPLOAD_ID}/complete`)).toHaveLength(1);
  });

  it('when storage refuses the bytes, says so in the tray and completes nothing; Retry sends them and it arrives', async () => {
    const storage = new StorageStandIn().answerWith(500, 200);
    const gateway = gatewayFor(ok(slot, 201));
    const { dialog, user } = await chooseFile({ gateway, storage }, notes());

    await user.click(within(dialog).getByRole('button', { name: 'Upload (1)' }));
    expect(await findToast('Failed to upload files')).toHaveTextContent('Storage refused the file (HTTP 500).');
    const uploads = await tray();
    expect(within(uploads).getByRole('alert')).toHaveTextContent('Storage refused the file (HTTP 500).');
    expect(gateway.sent('POST', `/uploads/${UPLOAD_ID}/complete`)).toEqual([]);

    await user.click(within(uploads).getByRole('button', { name: 'Retry' }));
    await findToast('1 file(s) uploaded successfully');
    expect(storage.puts).toHaveLength(2);
    expect(gateway.sent('POST', `/uploads/${UPLOAD_ID}/complete`)).toHaveLength(1);
  });

  it('sends a big file in parts; a part storage refuses is sent again to a fresh URL, and the upload completes', async () => {
    const fresh: UploadPartsReply = { parts: [partUrl(2, 'fresh')], expiresAt: EXPIRES };
    // Parts 1, 2 and 3 go at once; storage refuses part 2 the first time.
    const storage = new StorageStandIn().answerWith(200, 500, 200, 200);
    const gateway = gatewayFor(ok(multipart, 201)).route('POST', `/uploads/${UPLOAD_ID}/parts`, ok(fresh));
    const { dialog, user } = await chooseFile({ gateway, storage }, video());

    await user.click(within(dialog).getByRole('button', { name: 'Upload (1)' }));
    await findToast('1 file(s) uploaded successfully');
    await dialogClosed();

    expect(storage.puts.map((put) => [put.url, put.body.size])).toEqual([
      [multipart.parts![0].url, 8 * MB],
      [multipart.parts![1].url, 8 * MB],
      [multipart.parts![2].url, 1 * MB],
      [fresh.parts[0].url, 8 * MB],
    ]);
    expect(gateway.sent('POST', `/uploads/${UPLOAD_ID}/parts`).map((r) => r.body)).toEqual([{ partNumbers: [2] }]);
    expect(gateway.sent('POST', `/uploads/${UPLOAD_ID}/complete`)).toHaveLength(1);
  });

  it('resumes a big file an unfinished upload is of: "Resumes where it stopped", and only the parts storage lacks are sent', async () => {
    const unfinished: MultipartUpload = { ...multipart, uploadedParts: [1], parts: undefined };
    const storage = new StorageStandIn();
    // The server holds part 1 of it; asked to upload again, it would answer 404 (the test fails if the dialog starts over).
    const gateway = gatewayFor()
      .route('GET', '/uploads', ok({ items: [unfinished] }))
      .route('POST', `/uploads/${UPLOAD_ID}/parts`, ok({ parts: [partUrl(2, 'later'), partUrl(3, 'later')], expiresAt: EXPIRES } satisfies UploadPartsReply));
    const { dialog, user } = await chooseFile({ gateway, storage }, video());

    expect(within(dialog).getByText('Resumes where it stopped (47% sent)')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Upload (1)' }));
    await findToast('1 file(s) uploaded successfully');
    await dialogClosed();

    expect(gateway.sent('POST', '/uploads')).toEqual([]);
    expect(gateway.sent('POST', `/uploads/${UPLOAD_ID}/parts`).map((r) => r.body)).toEqual([{ partNumbers: [2, 3] }]);
    expect(storage.puts.map((put) => [put.url, put.body.size])).toEqual([
      [partUrl(2, 'later').url, 8 * MB],
      [partUrl(3, 'later').url, 1 * MB],
    ]);
    expect(gateway.sent('POST', `/uploads/${UPLOAD_ID}/complete`)).toHaveLength(1);
  });
});
