import { useRef, useState, type FormEvent } from 'react';
import { Button, Checkbox, Label, Spinner, toast } from '@coffer/ui';
import { AUTH_TOASTS, signInErrorToast, useSignInMutation } from '@coffer/web-core/store';
import { EmailField, PasswordField } from '../../../components/credential-fields';
import { validateSignIn, type FieldErrors } from '../../../lib/validation';

interface SignInFormProps {
  email: string;
  onEmailChange: (email: string) => void;
  onForgotPassword: () => void;
}

type Field = 'email' | 'password';

/**
 * Email, password and "Remember me". A right password either signs in (the
 * page then goes to the dashboard) or, with 2FA on, leads to the code step.
 */
export function SignInForm({ email, onEmailChange, onForgotPassword }: SignInFormProps) {
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  // Errors appear on the first submit, then follow every keystroke.
  const [submitted, setSubmitted] = useState(false);
  const [signIn, { isLoading }] = useSignInMutation();
  const formRef = useRef<HTMLFormElement>(null);

  const recheck = (next: { email: string; password: string }) => {
    if (submitted) setErrors(validateSignIn(next));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const found = validateSignIn({ email, password });
    setErrors(found);
    const firstInvalid = (['email', 'password'] as const).find((name) => found[name]);
    if (firstInvalid) {
      formRef.current?.querySelector<HTMLElement>(`[name="${firstInvalid}"]`)?.focus();
      return;
    }
    try {
      const result = await signIn({ email: email.trim(), password, rememberMe }).unwrap();
      if (result.status === 'signed-in') toast(AUTH_TOASTS.signedIn);
    } catch (error) {
      toast(signInErrorToast(error));
    }
  };

  return (
    <form ref={formRef} noValidate onSubmit={submit} aria-label="Sign in" className="flex flex-col gap-4">
      <EmailField
        error={errors.email}
        value={email}
        onChange={(event) => {
          onEmailChange(event.target.value);
          recheck({ email: event.target.value, password });
        }}
      />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="current-password"
        error={errors.password}
        labelAside={
          <button type="button" onClick={onForgotPassword} className="cursor-pointer text-sm text-muted-foreground underline-offset-4 hover:text-foreground hover:underline">
            Forgot password?
          </button>
        }
        value={password}
        onChange={(event) => {
          setPassword(event.target.value);
          recheck({ email, password: event.target.value });
        }}
      />
      <div className="flex items-center gap-2">
        <Checkbox id="remember-me" checked={rememberMe} onCheckedChange={(checked) => setRememberMe(checked === true)} />
        <Label htmlFor="remember-me" className="font-normal">
          Remember me
        </Label>
      </div>
      <Button type="submit" disabled={isLoading} className="w-full">
        {isLoading && <Spinner label="Signing in" className="size-4" />}
        {isLoading ? 'Signing in...' : 'Sign In'}
      </Button>
    </form>
  );
}
