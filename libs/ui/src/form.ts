/**
 * `@coffer/ui/form`: the state of a form checked by a zod schema, for the
 * FormFields of `@coffer/ui`. Its own entry, outside the shared `@coffer/ui`
 * (which every page downloads whole): only the screens with a form bundle it.
 */
export { useZodForm, checkForm, type FormSchema, type FieldErrors, type FormCheck } from './lib/use-zod-form';
