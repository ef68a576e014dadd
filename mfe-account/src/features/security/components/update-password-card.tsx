import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Spinner, toast } from '@coffer/ui';
import { useZodForm } from '@coffer/ui/form';
import { AUTH_TOASTS, AuthErrorCode, changePasswordErrorToast, toApiError } from '@coffer/web-core/store';
import { PasswordField } from '../../../components/credential-fields';
import { changePasswordFormSchema } from '../../../lib/credential-schemas';
import { useChangePasswordMutation } from '../api/security-api';

/** Security tab: change the password (the current one is required). */
export function UpdatePasswordCard() {
  const form = useZodForm(changePasswordFormSchema, { currentPassword: '', newPassword: '', confirmPassword: '' });
  const [changePassword, { isLoading }] = useChangePasswordMutation();

  const submit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      await changePassword({ currentPassword, newPassword }).unwrap();
      toast(AUTH_TOASTS.passwordUpdated);
      form.reset();
    } catch (error) {
      toast(changePasswordErrorToast(error));
      const { code, message } = toApiError(error);
      if (code === AuthErrorCode.InvalidCredentials) {
        form.setError('currentPassword', message ?? 'Current password is incorrect', { shouldFocus: true });
      }
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Change Password</CardTitle>
        <CardDescription>Enter your current password, then a new one of at least 6 characters.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} aria-label="Change password" className="flex max-w-md flex-col gap-4">
          <PasswordField label="Current Password" autoComplete="current-password" {...form.field('currentPassword')} />
          <PasswordField label="New Password" {...form.field('newPassword')} />
          <PasswordField label="Confirm New Password" {...form.field('confirmPassword')} />
          <Button type="submit" disabled={isLoading} className="w-full sm:w-fit">
            {isLoading && <Spinner label="Updating" className="size-4" />}
            {isLoading ? 'Updating...' : 'Update Password'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
