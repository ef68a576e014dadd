import { useRef, useState, type FormEvent } from 'react';
import { Button, FormField, Spinner, toast } from '@coffer/ui';
import { AUTH_TOASTS, isAccountExists, signUpErrorToast, useSignUpMutation } from '@coffer/web-core/store';
import { EmailField, PasswordField } from '../../../components/credential-fields';
import { validateSignUp, type FieldErrors } from '../../../lib/validation';

interface SignUpFormProps {
  email: string;
  onEmailChange: (email: string) => void;
  /** The email is registered already, or must be confirmed first: the card goes back to sign-in. */
  onSignInInstead: () => void;
}

type Field = 'fullName' | 'email' | 'password';
const FIELD_ORDER: Field[] = ['fullName', 'email', 'password'];

/** Full name, email and password; a new account is signed in at once (the page then goes to the dashboard). */
export function SignUpForm({ email, onEmailChange, onSignInInstead }: SignUpFormProps) {
  const [fullName, setFullName] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [submitted, setSubmitted] = useState(false);
  const [signUp, { isLoading }] = useSignUpMutation();
  const formRef = useRef<HTMLFormElement>(null);

  const recheck = (next: { fullName: string; email: string; password: string }) => {
    if (submitted) setErrors(validateSignUp(next));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const found = validateSignUp({ fullName, email, password });
    setErrors(found);
    const firstInvalid = FIELD_ORDER.find((name) => found[name]);
    if (firstInvalid) {
      formRef.current?.querySelector<HTMLElement>(`[name="${firstInvalid}"]`)?.focus();
      return;
    }
    try {
      const result = await signUp({ fullName: fullName.trim(), email: email.trim(), password }).unwrap();
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
  };

  return (
    <form ref={formRef} noValidate onSubmit={submit} aria-label="Sign up" className="flex flex-col gap-4">
      <FormField
        label="Full Name"
        error={errors.fullName}
        name="fullName"
        autoComplete="name"
        required
        placeholder="Jane Smith"
        value={fullName}
        onChange={(event) => {
          setFullName(event.target.value);
          recheck({ fullName: event.target.value, email, password });
        }}
      />
      <EmailField
        error={errors.email}
        value={email}
        onChange={(event) => {
          onEmailChange(event.target.value);
          recheck({ fullName, email: event.target.value, password });
        }}
      />
      <PasswordField
        label="Password"
        name="password"
        error={errors.password}
        value={password}
        onChange={(event) => {
          setPassword(event.target.value);
          recheck({ fullName, email, password: event.target.value });
        }}
      />
      <Button type="submit" disabled={isLoading} className="w-full">
        {isLoading && <Spinner label="Creating account" className="size-4" />}
        {isLoading ? 'Creating account...' : 'Create Account'}
      </Button>
    </form>
  );
}
