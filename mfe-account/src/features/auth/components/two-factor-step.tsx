import { useState, type FormEvent } from 'react';
import { Button, FormField, Spinner, toast } from '@coffer/ui';
import { leaveSecondFactorStep } from '@coffer/web-core';
import { AUTH_TOASTS, useVerifyFactorMutation, verificationErrorToast } from '@coffer/web-core/store';
import { VerificationCodeInput } from '../../../components/verification-code-input';
import { isVerificationCode } from '../../../lib/verification-code';

/** The second stage of sign-in: the 6-digit code of the user's authenticator for `factorId`. */
export function TwoFactorStep({ factorId }: { factorId: string }) {
  const [code, setCode] = useState('');
  const [verify, { isLoading }] = useVerifyFactorMutation();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!isVerificationCode(code)) {
      toast(AUTH_TOASTS.invalidCode);
      return;
    }
    try {
      await verify({ factorId, code }).unwrap();
      toast(AUTH_TOASTS.signedIn);
    } catch (error) {
      toast(verificationErrorToast(error));
      setCode('');
    }
  };

  return (
    <form noValidate onSubmit={submit} aria-label="Two-factor authentication" className="flex flex-col gap-4">
      <FormField label="Verification Code">
        {(control) => <VerificationCodeInput {...control} autoFocus value={code} onChange={setCode} />}
      </FormField>
      <Button type="submit" disabled={!isVerificationCode(code) || isLoading} className="w-full">
        {isLoading && <Spinner label="Verifying" className="size-4" />}
        {isLoading ? 'Verifying...' : 'Verify'}
      </Button>
      {/* Leaving the step drops the factor; the code goes with this form. */}
      <Button type="button" variant="ghost" className="w-full" onClick={leaveSecondFactorStep}>
        Back to Sign In
      </Button>
    </form>
  );
}
