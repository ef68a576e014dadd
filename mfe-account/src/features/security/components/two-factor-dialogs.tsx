import { useState } from 'react';
import { Button, Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, toast } from '@coffer/ui';
import { AUTH_TOASTS } from '@coffer/web-core/store';
import { RecoveryCodesPanel } from './recovery-codes-panel';
import { TwoFactorProofForm } from './two-factor-proof-form';
import { useRegenerateRecoveryCodesMutation, useUnenrollFactorMutation } from '../api/security-api';

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The switch turned off: two-factor goes only for the current password or a code. */
export function DisableTwoFactorDialog({ open, onOpenChange, factorId }: DialogProps & { factorId: string | undefined }) {
  const [unenroll] = useUnenrollFactorMutation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Turn Off Two-Factor Authentication</DialogTitle>
          <DialogDescription>Enter your current password or a code from your authenticator app. Your recovery codes will stop working.</DialogDescription>
        </DialogHeader>
        {open && factorId && (
          <TwoFactorProofForm
            label="Turn off two-factor authentication"
            submitLabel="Turn Off 2FA"
            busyLabel="Turning off"
            destructive
            onProof={async (proof) => {
              await unenroll({ factorId, ...proof }).unwrap();
              toast(AUTH_TOASTS.twoFactorDisabled);
              onOpenChange(false);
            }}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

/** New recovery codes, for the current password or a code: shown once; the old ones stop working. */
export function NewRecoveryCodesDialog({ open, onOpenChange }: DialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>New Recovery Codes</DialogTitle>
          <DialogDescription>Get 10 new codes. The codes you have now stop working.</DialogDescription>
        </DialogHeader>
        {/* Mounted only while open, so closing forgets the codes. */}
        {open && <NewRecoveryCodes onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function NewRecoveryCodes({ onDone }: { onDone: () => void }) {
  const [regenerate] = useRegenerateRecoveryCodesMutation();
  const [codes, setCodes] = useState<string[]>();
  if (codes) return <CodesThenDone codes={codes} onDone={onDone} />;
  return (
    <TwoFactorProofForm
      label="Get new recovery codes"
      submitLabel="Get New Codes"
      busyLabel="Getting new codes"
      onProof={async (proof) => {
        setCodes((await regenerate(proof).unwrap()).recoveryCodes);
        toast(AUTH_TOASTS.recoveryCodesRenewed);
      }}
    />
  );
}

/** The codes, then Done (which closes the dialog and forgets them). */
export function CodesThenDone({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className="flex flex-col gap-4">
      <RecoveryCodesPanel codes={codes} />
      <DialogFooter>
        <Button type="button" onClick={onDone} className="w-full sm:w-fit">
          Done
        </Button>
      </DialogFooter>
    </div>
  );
}
