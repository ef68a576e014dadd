import { useRef, useState, type FormEvent } from 'react';
import { Link } from '@coffer/web-core/router';
import { CircleCheck } from 'lucide-react';
import { Button, FormField, Spinner, Textarea, toast, type ToastHandle } from '@coffer/ui';
import { contactRequestErrorMessage, useSendContactRequestMutation } from '../api/send-contact-request';
import {
  EMPTY_CONTACT_SALES_FIELDS,
  toContactRequest,
  validateContactSales,
  type ContactSalesErrors,
  type ContactSalesFields,
} from '../contact-request-form';

const FIELD_ORDER: (keyof ContactSalesFields)[] = ['name', 'email', 'company', 'phone', 'message'];

/** The Contact Sales form; after a successful send it gives way to a confirmation. */
export function ContactSalesForm() {
  const [fields, setFields] = useState<ContactSalesFields>(EMPTY_CONTACT_SALES_FIELDS);
  const [errors, setErrors] = useState<ContactSalesErrors>({});
  // Errors appear on the first submit, then follow every keystroke.
  const [submitted, setSubmitted] = useState(false);
  const [sendContactRequest, { isLoading, isSuccess }] = useSendContactRequestMutation();
  const formRef = useRef<HTMLFormElement>(null);
  const failureToast = useRef<ToastHandle | null>(null);

  const change = (name: keyof ContactSalesFields) => (event: { target: { value: string } }) => {
    const next = { ...fields, [name]: event.target.value };
    setFields(next);
    if (submitted) setErrors(validateContactSales(next));
  };
  const field = (name: keyof ContactSalesFields) => ({ name, error: errors[name], value: fields[name], onChange: change(name) });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const found = validateContactSales(fields);
    setErrors(found);
    const firstInvalid = FIELD_ORDER.find((name) => found[name]);
    if (firstInvalid) {
      formRef.current?.querySelector<HTMLElement>(`[name="${firstInvalid}"]`)?.focus();
      return;
    }
    failureToast.current?.dismiss();
    try {
      await sendContactRequest(toContactRequest(fields)).unwrap();
    } catch (error) {
      failureToast.current = toast({ variant: 'destructive', title: 'Failed to send message', description: contactRequestErrorMessage(error) });
    }
  };

  if (isSuccess) return <ContactSalesSent />;

  return (
    <form ref={formRef} noValidate onSubmit={submit} aria-label="Contact Sales" className="flex flex-col gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="Full name" autoComplete="name" required {...field('name')} />
        <FormField label="Email address" type="email" autoComplete="email" required {...field('email')} />
        <FormField label="Company name" autoComplete="organization" required {...field('company')} />
        <FormField label="Phone number (optional)" type="tel" autoComplete="tel" {...field('phone')} />
      </div>
      <FormField label="Message" error={errors.message}>
        {(control) => (
          <Textarea
            {...control}
            name="message"
            required
            rows={5}
            placeholder="How many people will use Coffer, how much storage you need, and anything else we should know."
            value={fields.message}
            onChange={change('message')}
          />
        )}
      </FormField>
      <Button type="submit" size="lg" disabled={isLoading} className="w-full sm:w-fit">
        {isLoading && <Spinner label="Sending" className="size-4" />}
        {isLoading ? 'Sending...' : 'Send Message'}
      </Button>
    </form>
  );
}

/** What the visitor sees once the request is sent. */
function ContactSalesSent() {
  return (
    <div role="status" className="flex flex-col items-center gap-4 py-8 text-center">
      <CircleCheck aria-hidden className="size-12" />
      <h2 className="text-2xl font-bold">Thank you!</h2>
      <p className="max-w-sm text-muted-foreground">Our sales team will be in touch within one business day.</p>
      <div className="mt-2 flex flex-col gap-3 sm:flex-row">
        <Button asChild variant="outline">
          <Link to="/pricing">View Pricing</Link>
        </Button>
        <Button asChild>
          <Link to="/">Back to Home</Link>
        </Button>
      </div>
    </div>
  );
}
