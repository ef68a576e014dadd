import { useState } from 'react';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { ChallengeCreated, FactorEnrolled } from '@coffer/contracts';
import { findToast, GatewayStandIn, heldAnswer, issuedSession, ok, refusal, renderSignedIn } from '@coffer/web-core/testing';
import { TwoFactorSetupDialog } from './two-factor-setup-dialog';

const FACTOR_ID = '8a7b6c5d-4e3f-4a1b-9c8d-7e6f5a4b3c2d';
const factor: FactorEnrolled = {
  id: FACTOR_ID,
  qrCode: 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4=',
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  uri: `otpauth://totp/Coffer:owner%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Coffer`,
};
const challenge = (n: number): ChallengeCreated => ({ id: `c0ffee00-0000-4000-8000-00000000000${n}` });
const RECOVERY_CODES = Array.from({ length: 10 }, (_, i) => `abcd-efgh-jkmn-pq${String(i).padStart(2, '2')}`);
const UNAVAILABLE = 'The auth service did not answer in time. Please try again.';

/** Settings → Security's part: the dialog is open until it closes itself. */
function SettingUp() {
  const [open, setOpen] = useState(true);
  return <TwoFactorSetupDialog open={open} onOpenChange={setOpen} />;
}

async function openSetup(gateway: GatewayStandIn) {
  const view = await renderSignedIn(<SettingUp />, { gateway });
  const dialog = await screen.findByRole('dialog', { name: 'Set Up Two-Factor Authentication' });
  return { ...view, dialog };
}

/** Through Begin Setup to the code step. */
async function toCodeStep(gateway: GatewayStandIn) {
  const view = await openSetup(gateway);
  await view.user.click(within(view.dialog).getByRole('button', { name: 'Begin Setup' }));
  await within(view.dialog).findByRole('img', { name: 'QR code for your authenticator app' });
  return view;
}

const verifyPath = `/auth/factors/${FACTOR_ID}/verify`;
const challengePath = `/auth/factors/${FACTOR_ID}/challenge`;

describe('the two-factor setup dialog', () => {
  it('disables Begin Setup with "Starting setup" while the factor is made, then shows its QR code and secret key; Enable 2FA waits for 6 digits', async () => {
    const enrolled = heldAnswer();
    const gateway = new GatewayStandIn().route('POST', '/auth/factors', enrolled.handler);
    const { dialog, user } = await openSetup(gateway);

    await user.click(within(dialog).getByRole('button', { name: 'Begin Setup' }));
    const sent = await enrolled.arrived;
    expect(within(dialog).getByRole('button', { name: /Begin Setup/ })).toBeDisabled();
    expect(within(dialog).getByRole('status', { name: 'Starting setup' })).toBeInTheDocument();

    await act(async () => enrolled.release(ok(factor, 201)));
    expect(await within(dialog).findByRole('img', { name: 'QR code for your authenticator app' })).toHaveAttribute('src', factor.qrCode);
    expect(within(dialog).getByRole('textbox', { name: 'Secret key' })).toHaveValue(factor.secret);
    expect(sent.body).toEqual({});

    const enable = within(dialog).getByRole('button', { name: 'Enable 2FA' });
    expect(enable).toBeDisabled();
    const code = within(dialog).getByLabelText('Verification Code');
    await user.type(code, '12ab34');
    expect(code).toHaveValue('1234');
    expect(enable).toBeDisabled();
    await user.type(code, '56');
    expect(enable).toBeEnabled();
  });

  it('shows "Enrollment failed" with the server\'s message when setup cannot start; Begin Setup again starts it', async () => {
    const gateway = new GatewayStandIn().route('POST', '/auth/factors', refusal(503, 'SERVICE_UNAVAILABLE', UNAVAILABLE), ok(factor, 201));
    const { dialog, user } = await openSetup(gateway);

    await user.click(within(dialog).getByRole('button', { name: 'Begin Setup' }));
    expect(await findToast('Enrollment failed')).toHaveTextContent(UNAVAILABLE);
    const again = within(dialog).getByRole('button', { name: 'Begin Setup' });
    expect(again).toBeEnabled();
    expect(within(dialog).queryByRole('img', { name: 'QR code for your authenticator app' })).not.toBeInTheDocument();

    await user.click(again);
    expect(await within(dialog).findByRole('textbox', { name: 'Secret key' })).toHaveValue(factor.secret);
    expect(gateway.sent('POST', '/auth/factors')).toHaveLength(2);
  });

  it('refuses a wrong code with "Verification failed" and the server\'s message, clearing it; the right one is busy "Enabling", then "2FA enabled!" and the 10 recovery codes, and Done closes', async () => {
    const verified = heldAnswer();
    const gateway = new GatewayStandIn()
      .route('POST', '/auth/factors', ok(factor, 201))
      .route('POST', challengePath, ok(challenge(1), 201), ok(challenge(2), 201))
      .route('POST', verifyPath, refusal(400, 'INVALID_MFA_CODE', 'Invalid verification code'), verified.handler);
    const { dialog, user } = await toCodeStep(gateway);
    const code = within(dialog).getByLabelText('Verification Code');

    await user.type(code, '111111');
    await user.click(within(dialog).getByRole('button', { name: 'Enable 2FA' }));
    expect(await findToast('Verification failed')).toHaveTextContent('Invalid verification code');
    await waitFor(() => expect(code).toHaveValue(''));
    expect(within(dialog).queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();

    await user.type(code, '222222');
    await user.click(within(dialog).getByRole('button', { name: 'Enable 2FA' }));
    await verified.arrived;
    expect(within(dialog).getByRole('button', { name: /Enable 2FA/ })).toBeDisabled();
    expect(within(dialog).getByRole('status', { name: 'Enabling' })).toBeInTheDocument();

    await act(async () => verified.release(ok({ ...issuedSession('aal2'), recoveryCodes: RECOVERY_CODES })));
    expect(await findToast('2FA enabled!')).toHaveTextContent('Your account is now protected by two-factor authentication.');
    const codes = await within(dialog).findByRole('list', { name: 'Recovery codes' });
    expect(
      within(codes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(RECOVERY_CODES);

    // Each try is a challenge of its own, verified with the code typed.
    expect(gateway.sent('POST', challengePath).map((r) => r.body)).toEqual([{}, {}]);
    expect(gateway.sent('POST', verifyPath).map((r) => r.body)).toEqual([
      { challengeId: challenge(1).id, code: '111111' },
      { challengeId: challenge(2).id, code: '222222' },
    ]);

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
