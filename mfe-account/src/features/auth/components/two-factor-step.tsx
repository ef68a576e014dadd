import { Button, FormField, Spinner, toast } from '@coffer/ui';
import { useZodForm } from '@coffer/ui/form';
import { leaveSecondFactorStep } from '@coffer/web-core';
import { AUTH_TOASTS, useVerifyFactorMutation, verificationErrorToast } from '@coffer/web-core/store';
import { VerificationCodeInput } from '../../../components/verification-code-input';
import { verificationCodeFormSchema } from '../../../lib/credential-schemas';
import { isVerificationCode } from '../../../lib/verification-code';

/** The second stage of sign-in: the 6-digit code of the user's authenticator for `factorId`. */
export function TwoFactorStep({ factorId }: { factorId: string }) {
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
        {(control) => <VerificationCodeInput {...control} autoFocus value={form.values.code} onChange={(code) => form.setValue('code', code)} />}
      </FormField>
      <Button type="submit" disabled={!isVerificationCode(form.values.code) || isLoading} className="w-full">
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
