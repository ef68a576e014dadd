import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import type { FileItem } from '@coffer/contracts';
import { findToast, GatewayStandIn, ok, refusal, renderSignedIn, type Handler } from '@coffer/web-core/testing';
import { RenameDialog } from './rename-dialog';
import { fileItem, folderItem } from '../test-items';

const FILE = fileItem({ id: '6f1c0a52-3d7e-4b8a-9c21-5e4f3a2b1c0d', name: 'Quarterly report.final.pdf', size: 2048, mimeType: 'application/pdf' });
const FOLDER = folderItem({ id: '3e9d2c1b-7a6f-4e5d-8c4b-2a1f0e9d8c7b', name: 'Contracts 2026' });
const RENAME_PATH = /^\/files\/[0-9a-f-]{36}\/rename$/;

/** The grid's part: the dialog is open while an item is chosen, and onClose forgets it. */
function Renaming({ item }: { item: FileItem }) {
  const [renaming, setRenaming] = useState<FileItem | null>(item);
  return <RenameDialog item={renaming} onClose={() => setRenaming(null)} />;
}

/** The item as the server renamed it. */
const renamedAsAsked =
  (item: FileItem): Handler =>
  (request) =>
    ok({ ...item, name: (request.body as { name: string }).name });

async function openRenameDialog(item: FileItem, gateway: GatewayStandIn) {
  const view = await renderSignedIn(<Renaming item={item} />, { gateway });
  const dialog = await screen.findByRole('dialog', { name: 'Rename' });
  const field = within(dialog).getByLabelText<HTMLInputElement>('Name');
  await waitFor(() => expect(field).toHaveFocus());
  return { ...view, dialog, field };
}

describe('the Rename dialog', () => {
  it('opens with the file\'s name selected up to its extension, so what is typed or pasted replaces only the name; Enter saves and the dialog closes with "File renamed"', async () => {
    const gateway = new GatewayStandIn().route('POST', RENAME_PATH, renamedAsAsked(FILE));
    const { field, user } = await openRenameDialog(FILE, gateway);

    expect(field).toHaveValue('Quarterly report.final.pdf');
    await waitFor(() => expect([field.selectionStart, field.selectionEnd]).toEqual([0, 'Quarterly report.final'.length]));
    // What is typed or pasted replaces the selection: the extension stays.
    await user.paste('Q4 report');
    expect(field).toHaveValue('Q4 report.pdf');
    await user.keyboard('{Enter}');

    await findToast('File renamed');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [sent] = gateway.sent('POST', RENAME_PATH);
    expect([sent.path, sent.body]).toEqual([`/files/${FILE.id}/rename`, { name: 'Q4 report.pdf' }]);
  });

  it("selects a folder's whole name, and shows the server's refusal of a taken name under the field, staying open", async () => {
    const taken = 'A folder named "Invoices" already exists here. Choose another name.';
    const gateway = new GatewayStandIn().route('POST', RENAME_PATH, refusal(409, 'CONFLICT', taken), renamedAsAsked(FOLDER));
    const { dialog, field, user } = await openRenameDialog(FOLDER, gateway);

    await waitFor(() => expect([field.selectionStart, field.selectionEnd]).toEqual([0, 'Contracts 2026'.length]));
    await user.keyboard('Invoices{Enter}');
    expect(await within(dialog).findByText(taken)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('dialog', { name: 'Rename' })).toBeInTheDocument();

    await user.clear(field);
    await user.type(field, 'Invoices 2026');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await findToast('Folder renamed');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(gateway.sent('POST', RENAME_PATH).map((r) => r.body)).toEqual([{ name: 'Invoices' }, { name: 'Invoices 2026' }]);
  });

  it('checks the name in the browser ("Please enter a name"), sends nothing, and Cancel closes it', async () => {
    const gateway = new GatewayStandIn();
    const { dialog, field, user } = await openRenameDialog(FILE, gateway);

    await user.clear(field);
    await user.type(field, '   {Enter}');
    expect(await within(dialog).findByText('Please enter a name')).toBeInTheDocument();
    expect(gateway.sent('POST', RENAME_PATH)).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
