import { useRef, type FormEvent } from 'react';
import { Link } from '@coffer/web-core/router';
import { CircleCheck } from 'lucide-react';
import { Button, FormField, Spinner, Textarea, toast, type ToastHandle } from '@coffer/ui';
import { useZodForm } from '@coffer/ui/form';
import { toApiError } from '@coffer/web-core/store';
import type { ContactRequestInput } from '@coffer/contracts';
import { useSendContactRequestMutation } from '../api/send-contact-request';
import { contactSalesFormSchema, EMPTY_CONTACT_SALES_FIELDS } from '../contact-request-form';

/** The Contact Sales form; after a successful send it gives way to a confirmation. */
export function ContactSalesForm() {
  const form = useZodForm(contactSalesFormSchema, EMPTY_CONTACT_SALES_FIELDS);
  const [sendContactRequest, { isLoading, isSuccess }] = useSendContactRequestMutation();
  const failureToast = useRef<ToastHandle | null>(null);

  const send = async (request: ContactRequestInput) => {
    failureToast.current?.dismiss();
    try {
      await sendContactRequest(request).unwrap();
    } catch (error) {
      const description = toApiError(error).message ?? 'Something went wrong. Please try again.';
      failureToast.current = toast({ variant: 'destructive', title: 'Failed to send message', description });
    }
  };
  const submit = (event: FormEvent<HTMLFormElement>) => form.handleSubmit(send)(event);

  if (isSuccess) return <ContactSalesSent />;

  return (
    <form noValidate onSubmit={submit} aria-label="Contact Sales" className="flex flex-col gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="Full name" autoComplete="name" required {...form.field('name')} />
        <FormField label="Email address" type="email" autoComplete="email" required {...form.field('email')} />
        <FormField label="Company name" autoComplete="organization" required {...form.field('company')} />
        <FormField label="Phone number (optional)" type="tel" autoComplete="tel" {...form.field('phone')} />
      </div>
      <FormField label="Message" error={form.errors.message}>
        {(control) => (
          <Textarea
            {...control}
            {...form.input('message')}
            required
            rows={5}
            placeholder="How many people will use Coffer, how much storage you need, and anything else we should know."
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
