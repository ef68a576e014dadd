import { MailCheck } from 'lucide-react';
import { Button, Spinner, toast } from '@coffer/ui';
import { useZodForm } from '@coffer/ui/form';
import { requestResetErrorToast } from '@coffer/web-core/store';
import { EmailField } from '../../../components/credential-fields';
import { resetRequestFormSchema } from '../../../lib/credential-schemas';
import { useRequestPasswordResetMutation } from '../api/auth-api';

interface ResetRequestFormProps {
  email: string;
  onEmailChange: (email: string) => void;
  onBack: () => void;
}

/**
 * "Forgot password?": asks for a reset link. The answer is the same whether
 * or not the address has an account, so nobody can probe for accounts.
 */
export function ResetRequestForm({ email, onEmailChange, onBack }: ResetRequestFormProps) {
  const form = useZodForm(resetRequestFormSchema, { email }, (values) => onEmailChange(values.email));
  const [requestReset, { isLoading, isSuccess }] = useRequestPasswordResetMutation();

  const submit = form.handleSubmit(async (request) => {
    try {
      await requestReset(request).unwrap();
    } catch (failure) {
      toast(requestResetErrorToast(failure));
    }
  });

  if (isSuccess) {
    return (
      <div className="flex flex-col items-center gap-4 text-center">
        <MailCheck aria-hidden className="size-10 text-muted-foreground" />
        <p role="status">If an account exists for that email, a reset link is on its way.</p>
        <p className="text-sm text-muted-foreground">The link works once, for one hour.</p>
        <Button type="button" variant="outline" className="w-full" onClick={onBack}>
          Back to Sign In
        </Button>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={submit} aria-label="Reset password" className="flex flex-col gap-4">
      <EmailField {...form.field('email')} />
      <Button type="submit" disabled={isLoading} className="w-full">
        {isLoading && <Spinner label="Sending" className="size-4" />}
        {isLoading ? 'Sending...' : 'Send reset link'}
      </Button>
      <Button type="button" variant="ghost" className="w-full" onClick={onBack}>
        Back to Sign In
      </Button>
    </form>
  );
}
