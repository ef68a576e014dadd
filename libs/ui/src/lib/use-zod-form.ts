import { useRef, useState, type FormEvent } from 'react';

/** What a form needs of its schema: zod's `safeParse` (any zod schema fits, without this lib depending on zod). */
export interface FormSchema<Output> {
  safeParse(
    values: unknown,
  ): { success: true; data: Output } | { success: false; error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> } };
}

/** The message under each field that is not valid. */
export type FieldErrors<Name extends string> = Partial<Record<Name, string>>;

export type FormCheck<Name extends string, Output> = { success: true; data: Output; errors: FieldErrors<Name> } | { success: false; errors: FieldErrors<Name> };

/** Checks `values` with `schema`: its output, or the schema's first message for each field it refuses. */
export function checkForm<Name extends string, Output>(schema: FormSchema<Output>, values: Record<Name, string>): FormCheck<Name, Output> {
  const result = schema.safeParse(values);
  if (result.success) return { success: true, data: result.data, errors: {} };
  const errors: FieldErrors<Name> = {};
  for (const { path, message } of result.error.issues) {
    const field = path[0];
    if (typeof field === 'string' && field in values) errors[field as Name] ??= message;
  }
  return { success: false, errors };
}

/**
 * The state of a form checked by a schema: its values (text, as typed), and the
 * schema's messages, shown from the first submit on and then after every change.
 * A submit that is not valid focuses the first field, in the form's order, that is wrong.
 */
export function useZodForm<Values extends Record<string, string>, Output>(
  schema: FormSchema<Output>,
  initialValues: Values,
  /** Told of every change (a value another part of the page carries over, say), with the form's `reset` to fill it in. */
  onValuesChange?: (values: Values, form: { reset: (next?: Values) => void }) => void,
) {
  type Name = keyof Values & string;
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<FieldErrors<Name>>({});
  const [submitted, setSubmitted] = useState(false);
  const formRef = useRef<HTMLFormElement | null>(null);

  const focus = (name: Name) => formRef.current?.querySelector<HTMLElement>(`[name="${name}"]`)?.focus();

  /** Back to the first values (or `next`), without messages, as before the first submit. */
  const reset = (next: Values = initialValues) => {
    setValues(next);
    setErrors({});
    setSubmitted(false);
  };

  const setValue = (name: Name, value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    if (submitted) setErrors(checkForm(schema, next).errors);
    onValuesChange?.(next, { reset });
  };

  /** What an Input or Textarea takes. */
  const input = (name: Name) => ({ name, value: values[name], onChange: (event: { target: { value: string } }) => setValue(name, event.target.value) });

  return {
    values,
    errors,
    setValue,
    input,
    /** What a FormField takes: the input's props and the field's message. */
    field: (name: Name) => ({ ...input(name), error: errors[name] }),
    /** A message the server gave for a field. */
    setError(name: Name, message: string, { shouldFocus = false } = {}) {
      setErrors((current) => ({ ...current, [name]: message }));
      if (shouldFocus) focus(name);
    },
    reset,
    /** The form's onSubmit: `onValid` gets the schema's output; `onInvalid` runs after the messages are set. */
    handleSubmit: (onValid: (data: Output) => unknown, onInvalid?: (errors: FieldErrors<Name>) => void) => (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      formRef.current = event.currentTarget;
      setSubmitted(true);
      const result = checkForm(schema, values);
      setErrors(result.errors);
      if (result.success) {
        void onValid(result.data);
        return;
      }
      const firstInvalid = Array.from(event.currentTarget.elements).find(
        (element): element is HTMLInputElement => 'name' in element && (element as HTMLInputElement).name in result.errors,
      );
      firstInvalid?.focus();
      onInvalid?.(result.errors);
    },
  };
}
