import { useState } from 'react';
import { act, screen, waitFor, within } from '@testing-library/react';
import { SHARE_RECIPIENT_LIMIT_REACHED, type AccountPlan, type ListSharesReply, type ShareItem } from '@coffer/contracts';
import { planFeatures } from '@coffer/plans';
import { findToast, GatewayStandIn, heldAnswer, ok, refusal, renderSignedIn, TEST_USER, type Answer, type Handler } from '@coffer/web-core/testing';
import { ShareDialog } from './share-dialog';

const FILE = { id: '6f1c0a52-3d7e-4b8a-9c21-5e4f3a2b1c0d', name: 'quarterly.txt' };
const UNAVAILABLE = 'The sharing service did not answer in time. Please try again.';

const plan = (planType: 'trial' | 'pro'): AccountPlan => ({
  planType,
  status: planType === 'trial' ? 'trial' : 'active',
  trialEndDate: null,
  storageLimitBytes: planFeatures(planType).storageLimit,
  features: planFeatures(planType),
});

/** The share the gateway answers with: the request as the server stored it. */
function shareOf(body: unknown): ShareItem {
  const sent = body as { email: string; allowedIps: string[] | null; maxAccessCount: number | null };
  return {
    id: '3e9d2c1b-7a6f-4e5d-8c4b-2a1f0e9d8c7b',
    fileId: FILE.id,
    kind: 'file',
    level: 'view',
    fileName: FILE.name,
    fileSize: 4096,
    mimeType: 'text/plain',
    sharedByUserId: TEST_USER.id,
    sharedByName: TEST_USER.fullName,
    sharedWithEmail: sent.email,
    allowedIps: sent.allowedIps,
    expiresAt: null,
    maxAccessCount: sent.maxAccessCount,
    accessCount: 0,
    createdAt: '2026-11-27T09:00:00.000Z',
    isShared: true,
    isOwner: true,
  };
}

const noShares: ListSharesReply = { items: [], next: null, total: 0, emailConfirmed: true };

/** The dashboard's part: the dialog is open while a file is chosen, and onClose forgets it. */
function SharingFile() {
  const [file, setFile] = useState<typeof FILE | null>(FILE);
  return <ShareDialog file={file} onClose={() => setFile(null)} />;
}

/** The gateway of an account on `planType` whose file is shared with nobody yet; POST /shares answers `created` in turn. */
const gatewayFor = (planType: 'trial' | 'pro', ...created: Array<Answer | Handler>) =>
  new GatewayStandIn()
    .route('GET', '/subscription', ok(plan(planType)))
    .route('GET', '/shares', ok(noShares))
    .route('POST', '/shares', ...created);

const madeAsAsked: Handler = (request) => ok(shareOf(request.body), 201);

async function openShareDialog(gateway: GatewayStandIn) {
  const view = await renderSignedIn(<SharingFile />, { gateway });
  const dialog = await screen.findByRole('dialog', { name: 'Share File' });
  // The dialog has read the plan and the file's shares before the user types.
  await waitFor(() => expect(gateway.sent('GET', '/shares')).toHaveLength(1));
  return { ...view, dialog };
}

describe('the Share File dialog', () => {
  it('says "Sharing..." with Share File disabled while the share is made, then closes with "File shared with" the address; what it sent is the file, the address and no restriction on a trial', async () => {
    const created = heldAnswer();
    const gateway = gatewayFor('trial', created.handler);
    const { dialog, user } = await openShareDialog(gateway);

    expect(within(dialog).getByText('quarterly.txt')).toBeInTheDocument();
    expect(within(dialog).queryByText('IP Restrictions (Pro Feature)')).not.toBeInTheDocument();
    const share = within(dialog).getByRole('button', { name: 'Share File' });
    expect(share).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Share with Email'), 'Recipient@Example.com');
    await user.click(share);

    const sent = await created.arrived;
    const busy = within(dialog).getByRole('button', { name: 'Sharing...' });
    expect(busy).toBeDisabled();
    expect(within(dialog).queryByRole('button', { name: 'Share File' })).not.toBeInTheDocument();

    await act(async () => created.release(ok(shareOf(sent.body), 201)));
    await findToast('File shared with recipient@example.com');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent.body).toEqual({
      fileId: FILE.id,
      level: 'view',
      email: 'recipient@example.com',
      allowedIps: null,
      expiresInDays: null,
      maxAccessCount: null,
      requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(gateway.sent('POST', '/shares')).toHaveLength(1);
  });

  it('stays open after a failure with "Failed to share file" and the server\'s reason; Share File again sends the same request (its id too) and succeeds', async () => {
    const gateway = gatewayFor('trial', refusal(503, 'SERVICE_UNAVAILABLE', UNAVAILABLE), madeAsAsked);
    const { dialog, user } = await openShareDialog(gateway);

    await user.type(within(dialog).getByLabelText('Share with Email'), 'recipient@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Share File' }));

    const failed = await findToast('Failed to share file');
    expect(failed).toHaveTextContent(UNAVAILABLE);
    expect(screen.getByRole('dialog', { name: 'Share File' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Share with Email')).toHaveValue('recipient@example.com');

    const again = within(dialog).getByRole('button', { name: 'Share File' });
    expect(again).toBeEnabled();
    await user.click(again);
    await findToast('File shared with recipient@example.com');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const [first, second] = gateway.sent('POST', '/shares');
    expect(second.body).toEqual(first.body);
  });

  it('refused for another reason, shows that reason; a changed request is a new one (a new request id)', async () => {
    const gateway = gatewayFor('trial', refusal(429, 'TOO_MANY_ATTEMPTS', SHARE_RECIPIENT_LIMIT_REACHED), madeAsAsked);
    const { dialog, user } = await openShareDialog(gateway);
    const email = within(dialog).getByLabelText('Share with Email');

    await user.type(email, 'first@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Share File' }));
    expect(await findToast('Failed to share file')).toHaveTextContent('You have shared with this address too often in the last hour. Please try again later.');

    await user.clear(email);
    await user.type(email, 'second@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Share File' }));
    await findToast('File shared with second@example.com');

    const [first, second] = gateway.sent('POST', '/shares').map((r) => r.body as { email: string; requestId: string });
    expect([first.email, second.email]).toEqual(['first@example.com', 'second@example.com']);
    expect(second.requestId).not.toBe(first.requestId);
  });

  it('checks the address in the browser: "Please enter a valid email address", and nothing is sent', async () => {
    const gateway = gatewayFor('trial');
    const { dialog, user } = await openShareDialog(gateway);

    await user.type(within(dialog).getByLabelText('Share with Email'), 'not-an-address');
    await user.click(within(dialog).getByRole('button', { name: 'Share File' }));

    expect(await within(dialog).findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(gateway.sent('POST', '/shares')).toEqual([]);
  });

  it('on a Pro plan offers the three restrictions and sends them as the server reads them', async () => {
    const gateway = gatewayFor('pro', madeAsAsked);
    const { dialog, user } = await openShareDialog(gateway);

    await user.type(within(dialog).getByLabelText('Share with Email'), 'recipient@example.com');
    await user.type(await within(dialog).findByLabelText('IP Restrictions (Pro Feature)'), '203.0.113.7, 198.51.100.0/24');
    await user.type(within(dialog).getByLabelText('Link Expiry (Pro Feature)'), '7');
    await user.type(within(dialog).getByLabelText('Maximum Access Count (Pro Feature)'), '10');
    await user.click(within(dialog).getByRole('button', { name: 'Share File' }));
    await findToast('File shared with recipient@example.com');

    expect(gateway.sent('POST', '/shares')[0].body).toMatchObject({
      email: 'recipient@example.com',
      allowedIps: ['203.0.113.7', '198.51.100.0/24'],
      expiresInDays: 7,
      maxAccessCount: 10,
    });
  });
});
