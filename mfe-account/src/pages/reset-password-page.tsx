import { Link, useNavigate, useSearchParams } from '@coffer/web-core/router';
import { Button, Spinner, toast } from '@coffer/ui';
import { useZodForm } from '@coffer/ui/form';
import { AUTH_TOASTS, resetPasswordErrorToast } from '@coffer/web-core/store';
import { CenteredCard } from '../components/centered-card';
import { PasswordField } from '../components/credential-fields';
import { newPasswordFormSchema } from '../lib/credential-schemas';
import { useResetPasswordMutation } from '../features/auth/api/auth-api';

/** /reset-password?token=…: the link of the password reset email sets a new password, then on to sign-in. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  if (!token) {
    return (
      <CenteredCard title="Reset your password" description="This reset link is invalid or has expired.">
        <Button asChild className="w-full">
          <Link to="/login">Back to Sign In</Link>
        </Button>
      </CenteredCard>
    );
  }
  return (
    <CenteredCard title="Set a new password" description="Choose a new password for your Coffer account. Other devices will be signed out.">
      <ResetPasswordForm token={token} />
    </CenteredCard>
  );
}

function ResetPasswordForm({ token }: { token: string }) {
  const form = useZodForm(newPasswordFormSchema, { password: '', confirmPassword: '' });
  const [resetPassword, { isLoading }] = useResetPasswordMutation();
  const navigate = useNavigate();

  const submit = form.handleSubmit(async ({ password }) => {
    try {
      await resetPassword({ token, password }).unwrap();
      toast(AUTH_TOASTS.passwordReset);
      navigate('/login', { replace: true });
    } catch (error) {
      toast(resetPasswordErrorToast(error));
    }
  });

  return (
    <form noValidate onSubmit={submit} aria-label="Set a new password" className="flex flex-col gap-4">
      <PasswordField label="New Password" {...form.field('password')} />
      <PasswordField label="Confirm Password" {...form.field('confirmPassword')} />
      <Button type="submit" disabled={isLoading} className="w-full">
        {isLoading && <Spinner label="Saving" className="size-4" />}
        {isLoading ? 'Saving...' : 'Reset Password'}
      </Button>
    </form>
  );
}
