import { useRef, useState, type FormEvent } from 'react';
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Spinner, toast } from '@coffer/ui';
import { AUTH_TOASTS, AuthErrorCode, changePasswordErrorToast, toApiError, useChangePasswordMutation } from '@coffer/web-core/store';
import { PasswordField } from '../../../components/credential-fields';
import { validateChangePassword, type FieldErrors } from '../../../lib/validation';

type Field = 'currentPassword' | 'newPassword' | 'confirmPassword';
const FIELD_ORDER: Field[] = ['currentPassword', 'newPassword', 'confirmPassword'];
const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Security tab: change the password (the current one is required). */
export function UpdatePasswordCard() {
  const [fields, setFields] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [submitted, setSubmitted] = useState(false);
  const [changePassword, { isLoading }] = useChangePasswordMutation();
  const formRef = useRef<HTMLFormElement>(null);

  const change = (name: Field) => (event: { target: { value: string } }) => {
    const next = { ...fields, [name]: event.target.value };
    setFields(next);
    if (submitted) setErrors(validateChangePassword(next));
  };
  const field = (name: Field) => ({ name, error: errors[name], value: fields[name], onChange: change(name) });

  const focus = (name: Field) => formRef.current?.querySelector<HTMLElement>(`[name="${name}"]`)?.focus();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const found = validateChangePassword(fields);
    setErrors(found);
    const firstInvalid = FIELD_ORDER.find((name) => found[name]);
    if (firstInvalid) {
      focus(firstInvalid);
      return;
    }
    try {
      await changePassword({ currentPassword: fields.currentPassword, newPassword: fields.newPassword }).unwrap();
      toast(AUTH_TOASTS.passwordUpdated);
      setFields(EMPTY);
      setSubmitted(false);
    } catch (error) {
      toast(changePasswordErrorToast(error));
      const { code, message } = toApiError(error);
      if (code === AuthErrorCode.InvalidCredentials) {
        setErrors({ currentPassword: message ?? 'Current password is incorrect' });
        focus('currentPassword');
      }
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Change Password</CardTitle>
        <CardDescription>Enter your current password, then a new one of at least 6 characters.</CardDescription>
      </CardHeader>
      <CardContent>
        <form ref={formRef} noValidate onSubmit={submit} aria-label="Change password" className="flex max-w-md flex-col gap-4">
          <PasswordField label="Current Password" autoComplete="current-password" {...field('currentPassword')} />
          <PasswordField label="New Password" {...field('newPassword')} />
          <PasswordField label="Confirm New Password" {...field('confirmPassword')} />
          <Button type="submit" disabled={isLoading} className="w-full sm:w-fit">
            {isLoading && <Spinner label="Updating" className="size-4" />}
            {isLoading ? 'Updating...' : 'Update Password'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
