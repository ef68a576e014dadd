import { useState } from 'react';
import { Button, FormField, Spinner, toast } from '@coffer/ui';
import { useZodForm } from '@coffer/ui/form';
import { leaveSecondFactorStep } from '@coffer/web-core';
import { AUTH_TOASTS, signedInWithRecoveryCodeToast, toApiError, verificationErrorToast } from '@coffer/web-core/store';
import { VerificationCodeInput } from '../../../components/verification-code-input';
import { verificationCodeFormSchema } from '../../../lib/credential-schemas';
import { isVerificationCode } from '../../../lib/verification-code';
import { useUseRecoveryCodeMutation } from '../api/auth-api';
import { useVerifyFactorMutation } from '../../../api/two-factor-api';

interface TwoFactorStepProps {
  factorId: string;
  /** Whether the person answers with a recovery code instead (the card above says what to enter). */
  withRecoveryCode: boolean;
  onWithRecoveryCodeChange: (withRecoveryCode: boolean) => void;
}

/** The second stage of sign-in: the 6-digit code of the user's authenticator for `factorId`, or one of their recovery codes. */
export function TwoFactorStep({ factorId, withRecoveryCode, onWithRecoveryCodeChange: setWithRecoveryCode }: TwoFactorStepProps) {
  return (
    <div className="flex flex-col gap-4">
      {withRecoveryCode ? <RecoveryCodeForm /> : <AuthenticatorCodeForm factorId={factorId} />}
      <Button type="button" variant="link" className="h-auto p-0" onClick={() => setWithRecoveryCode(!withRecoveryCode)}>
        {withRecoveryCode ? 'Use your authenticator app instead' : 'Lost your phone? Use a recovery code'}
      </Button>
      {/* Leaving the step drops the factor; the code goes with this form. */}
      <Button type="button" variant="ghost" className="w-full" onClick={leaveSecondFactorStep}>
        Back to Sign In
      </Button>
    </div>
  );
}

function AuthenticatorCodeForm({ factorId }: { factorId: string }) {
  const form = useZodForm(verificationCodeFormSchema, { code: '' });
  const [verify, { isLoading }] = useVerifyFactorMutation();

  const submit = form.handleSubmit(
    async ({ code }) => {
      try {
        await verify({ factorId, code }).unwrap();
        toast(AUTH_TOASTS.signedIn);
      } catch (error) {
        toast(verificationErrorToast(error));
        form.reset();
      }
    },
    // Spec §5: a code of the wrong length is a toast, not a message under the field.
    () => toast(AUTH_TOASTS.invalidCode),
  );

  return (
    <form noValidate onSubmit={submit} aria-label="Two-factor authentication" className="flex flex-col gap-4">
      <FormField label="Verification Code">
        {(control) => (
          // eslint-disable-next-line jsx-a11y/no-autofocus -- the second step of sign-in is only this field: it takes the focus as the step opens
          <VerificationCodeInput {...control} autoFocus value={form.values.code} onChange={(code) => form.setValue('code', code)} />
        )}
      </FormField>
      <Button type="submit" disabled={!isVerificationCode(form.values.code) || isLoading} className="w-full">
        {isLoading && <Spinner label="Verifying" className="size-4" />}
        {isLoading ? 'Verifying...' : 'Verify'}
      </Button>
    </form>
  );
}

/** A recovery code in place of the authenticator's: each works once. */
function RecoveryCodeForm() {
  const [recoveryCode, setRecoveryCode] = useState('');
  const [error, setError] = useState<string>();
  const [redeemRecoveryCode, { isLoading }] = useUseRecoveryCodeMutation();

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    try {
      const { recoveryCodesLeft } = await redeemRecoveryCode({ recoveryCode }).unwrap();
      toast(signedInWithRecoveryCodeToast(recoveryCodesLeft));
    } catch (err) {
      setError(toApiError(err).message ?? 'This recovery code is not valid or has already been used.');
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-label="Sign in with a recovery code" className="flex flex-col gap-4">
      <FormField
        label="Recovery Code"
        name="recoveryCode"
        // eslint-disable-next-line jsx-a11y/no-autofocus -- shown in place of the code field when asked for: the focus goes with it
        autoFocus
        autoComplete="off"
        spellCheck={false}
        placeholder="xxxx-xxxx-xxxx-xxxx"
        className="font-mono"
        value={recoveryCode}
        error={error}
        onChange={(event) => {
          setRecoveryCode(event.target.value);
          setError(undefined);
        }}
      />
      <Button type="submit" disabled={recoveryCode.trim().length === 0 || isLoading} className="w-full">
        {isLoading && <Spinner label="Verifying" className="size-4" />}
        {isLoading ? 'Verifying...' : 'Verify'}
      </Button>
    </form>
  );
}
