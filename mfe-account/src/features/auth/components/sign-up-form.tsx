import { Button, FormField, Spinner, toast } from '@coffer/ui';
import { useZodForm } from '@coffer/ui/form';
import { AUTH_TOASTS, isAccountExists, signUpErrorToast } from '@coffer/web-core/store';
import { EmailField, PasswordField } from '../../../components/credential-fields';
import { signUpFormSchema } from '../../../lib/credential-schemas';
import { useSignUpMutation } from '../api/auth-api';

interface SignUpFormProps {
  email: string;
  /** The address of an invitation: shown, sent, but not editable. */
  emailReadOnly?: boolean;
  onEmailChange: (email: string) => void;
  /** The email is registered already, or must be confirmed first: the card goes back to sign-in. */
  onSignInInstead: () => void;
  /** The secret of an invitation's link: signing up through it joins the inviting account (for the invited address only). */
  inviteToken?: string;
}

/** Full name, email and password; a new account is signed in at once (the page then goes to the dashboard). */
export function SignUpForm({ email, emailReadOnly = false, onEmailChange, onSignInInstead, inviteToken }: SignUpFormProps) {
  const form = useZodForm(signUpFormSchema, { fullName: '', email, password: '' }, (values) => onEmailChange(values.email));
  const [signUp, { isLoading }] = useSignUpMutation();

  const submit = form.handleSubmit(async (account) => {
    try {
      const result = await signUp({ ...account, inviteToken }).unwrap();
      if (result.status === 'signed-in') {
        toast(AUTH_TOASTS.signedUp);
      } else {
        toast(AUTH_TOASTS.confirmationSent);
        onSignInInstead();
      }
    } catch (error) {
      toast(signUpErrorToast(error));
      if (isAccountExists(error)) onSignInInstead();
    }
  });

  return (
    <form noValidate onSubmit={submit} aria-label="Sign up" className="flex flex-col gap-4">
      <FormField label="Full Name" autoComplete="name" required placeholder="Jane Smith" {...form.field('fullName')} />
      <EmailField readOnly={emailReadOnly} className={emailReadOnly ? 'bg-muted' : undefined} {...form.field('email')} />
      <PasswordField label="Password" {...form.field('password')} />
      <Button type="submit" disabled={isLoading} className="w-full">
        {isLoading && <Spinner label="Creating account" className="size-4" />}
        {isLoading ? 'Creating account...' : 'Create Account'}
      </Button>
    </form>
  );
}
