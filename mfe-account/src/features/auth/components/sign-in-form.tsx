import { useState } from 'react';
import { Button, Checkbox, Label, Spinner, toast } from '@coffer/ui';
import { useZodForm } from '@coffer/ui/form';
import { AUTH_TOASTS, signInErrorToast } from '@coffer/web-core/store';
import { EmailField, PasswordField } from '../../../components/credential-fields';
import { signInFormSchema } from '../../../lib/credential-schemas';
import { useSignInMutation } from '../api/auth-api';
import { SsoButton } from './single-sign-on';

interface SignInFormProps {
  email: string;
  onEmailChange: (email: string) => void;
  onForgotPassword: () => void;
}

/**
 * Email, password and "Remember me". A right password either signs in (the
 * page then goes to the dashboard) or, with 2FA on, leads to the code step.
 * An email of a domain with single sign-on also offers its company's button.
 */
export function SignInForm({ email, onEmailChange, onForgotPassword }: SignInFormProps) {
  const form = useZodForm(signInFormSchema, { email, password: '' }, (values) => onEmailChange(values.email));
  const [rememberMe, setRememberMe] = useState(false);
  const [signIn, { isLoading }] = useSignInMutation();

  const submit = form.handleSubmit(async (credentials) => {
    try {
      const result = await signIn({ ...credentials, rememberMe }).unwrap();
      if (result.status === 'signed-in') toast(AUTH_TOASTS.signedIn);
    } catch (error) {
      toast(signInErrorToast(error));
    }
  });

  return (
    <form noValidate onSubmit={submit} aria-label="Sign in" className="flex flex-col gap-4">
      <EmailField {...form.field('email')} />
      <PasswordField
        label="Password"
        autoComplete="current-password"
        labelAside={
          <button
            type="button"
            onClick={onForgotPassword}
            className="cursor-pointer text-sm text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
          >
            Forgot password?
          </button>
        }
        {...form.field('password')}
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
      <SsoButton email={form.values.email} rememberMe={rememberMe} />
    </form>
  );
}
