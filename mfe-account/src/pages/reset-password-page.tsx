import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from '@coffer/web-core/router';
import { Button, Spinner, toast } from '@coffer/ui';
import { AUTH_TOASTS, resetPasswordErrorToast, useResetPasswordMutation } from '@coffer/web-core/store';
import { CenteredCard } from '../components/centered-card';
import { PasswordField } from '../components/credential-fields';
import { validateNewPassword, type FieldErrors } from '../lib/validation';

type Field = 'password' | 'confirmPassword';

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
  const [fields, setFields] = useState({ password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [submitted, setSubmitted] = useState(false);
  const [resetPassword, { isLoading }] = useResetPasswordMutation();
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);

  const change = (name: Field) => (event: { target: { value: string } }) => {
    const next = { ...fields, [name]: event.target.value };
    setFields(next);
    if (submitted) setErrors(validateNewPassword(next));
  };
  const field = (name: Field) => ({ name, error: errors[name], value: fields[name], onChange: change(name) });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const found = validateNewPassword(fields);
    setErrors(found);
    const firstInvalid = (['password', 'confirmPassword'] as const).find((name) => found[name]);
    if (firstInvalid) {
      formRef.current?.querySelector<HTMLElement>(`[name="${firstInvalid}"]`)?.focus();
      return;
    }
    try {
      await resetPassword({ token, password: fields.password }).unwrap();
      toast(AUTH_TOASTS.passwordReset);
      navigate('/login', { replace: true });
    } catch (error) {
      toast(resetPasswordErrorToast(error));
    }
  };

  return (
    <form ref={formRef} noValidate onSubmit={submit} aria-label="Set a new password" className="flex flex-col gap-4">
      <PasswordField label="New Password" {...field('password')} />
      <PasswordField label="Confirm Password" {...field('confirmPassword')} />
      <Button type="submit" disabled={isLoading} className="w-full">
        {isLoading && <Spinner label="Saving" className="size-4" />}
        {isLoading ? 'Saving...' : 'Reset Password'}
      </Button>
    </form>
  );
}
