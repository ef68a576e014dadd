import { useId, type ComponentProps, type ReactNode } from 'react';
import { Input } from './input';
import { Label } from './label';

/** What a field gives its control: the id its label points at, and its error state. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export interface FormFieldProps extends Omit<ComponentProps<'input'>, keyof FieldControlProps | 'children'> {
  label: string;
  /** Shown under the control when the value is not valid. */
  error?: string;
  /** Something at the end of the label's line ("Forgot password?"). */
  labelAside?: ReactNode;
  /** Another control (a Textarea, …) in place of the Input that the other props go to. */
  children?: (control: FieldControlProps) => ReactNode;
}

/**
 * A label, its control and the message under it when the value is not valid.
 * The control is an Input given the remaining props, unless `children` renders one.
 */
export function FormField({ label, error, labelAside, children, ...inputProps }: FormFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const control: FieldControlProps = { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? errorId : undefined };
  return (
    <div className="flex flex-col gap-2">
      {labelAside ? (
        <div className="flex items-center justify-between gap-2">
          <Label htmlFor={id}>{label}</Label>
          {labelAside}
        </div>
      ) : (
        <Label htmlFor={id}>{label}</Label>
      )}
      {children ? children(control) : <Input {...control} {...inputProps} />}
      {error && (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
