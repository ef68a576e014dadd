import { useId, type ReactNode } from 'react';
import { Label } from '@coffer/ui';

/** What a field gives its control: the id its label points at, and its error state. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface FormFieldProps {
  label: string;
  /** Shown under the control when the value is not valid. */
  error?: string;
  /** Something at the end of the label's line ("Forgot password?"). */
  labelAside?: ReactNode;
  children: (control: FieldControlProps) => ReactNode;
}

/** A label, its control and the message under it when the value is not valid. */
export function FormField({ label, error, labelAside, children }: FormFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
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
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? errorId : undefined })}
      {error && (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
