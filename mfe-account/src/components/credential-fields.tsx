import { FormField, type FormFieldProps } from '@coffer/ui';

type FixedProps = 'label' | 'name' | 'type' | 'autoComplete' | 'placeholder' | 'children';

/** The "Email" field of the sign-in, sign-up and reset-link forms. */
export function EmailField(props: Omit<FormFieldProps, FixedProps>) {
  return <FormField label="Email" name="email" type="email" autoComplete="email" placeholder="you@company.com" {...props} />;
}

/** A password field; a new password unless `autoComplete` says otherwise. */
export function PasswordField({ autoComplete = 'new-password', ...props }: Omit<FormFieldProps, 'type' | 'children'>) {
  return <FormField type="password" autoComplete={autoComplete} {...props} />;
}
