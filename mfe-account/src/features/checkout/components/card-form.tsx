import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from '@coffer/web-core/router';
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, FormField, Spinner, toast } from '@coffer/ui';
import { useZodForm } from '@coffer/ui/form';
import { cardFormSchema, formatCardNumber, formatExpiry } from '../../../lib/card-schema';
import { trialErrorToast } from '../trial-toasts';

/** Spec §9: the placeholder payment takes this long before the trial starts. */
export const FAKE_PAYMENT_DELAY_MS = 2000;

const EMPTY_CARD = { cardholderName: '', cardNumber: '', expiry: '', cvc: '' };

interface CardFormProps {
  /** "Start 14-Day Free Trial" or "Subscribe", and what the button says meanwhile. */
  submitLabel: string;
  busyLabel: string;
  description: string;
  /** After the placeholder payment: starts the trial or the subscription (a refusal is shown as its toast). */
  onPaid: () => Promise<void>;
}

/**
 * The card form of checkout. Checked here and then forgotten: no card field is
 * ever sent, stored or logged (the request carries only the plan), and the
 * fields are cleared once the trial or subscription has started.
 */
export function CardForm({ submitLabel, busyLabel, description, onPaid }: CardFormProps) {
  const form = useZodForm(cardFormSchema(), EMPTY_CARD);
  const [busy, setBusy] = useState(false);
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );

  const pay = async () => {
    setBusy(true);
    await new Promise((resolve) => setTimeout(resolve, FAKE_PAYMENT_DELAY_MS));
    if (!mounted.current) return;
    try {
      await onPaid();
      form.reset();
    } catch (error) {
      toast(trialErrorToast(error));
      if (mounted.current) setBusy(false);
    }
  };
  const submit = (event: FormEvent<HTMLFormElement>) => form.handleSubmit(pay)(event);

  const field = (name: keyof typeof EMPTY_CARD, format?: (value: string) => string) => {
    const props = form.field(name);
    return format ? { ...props, onChange: (event: { target: { value: string } }) => form.setValue(name, format(event.target.value)) } : props;
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-xl">Payment details</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} aria-label="Card details" className="flex flex-col gap-4">
          <FormField label="Cardholder name" autoComplete="cc-name" placeholder="Name on card" disabled={busy} {...field('cardholderName')} />
          <FormField
            label="Card number"
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 5678 9012 3456"
            disabled={busy}
            {...field('cardNumber', formatCardNumber)}
          />
          <div className="grid grid-cols-2 gap-4">
            <FormField
              label="Expiry (MM/YY)"
              inputMode="numeric"
              autoComplete="cc-exp"
              placeholder="MM/YY"
              disabled={busy}
              {...field('expiry', formatExpiry)}
            />
            <FormField
              label="CVC"
              inputMode="numeric"
              autoComplete="cc-csc"
              placeholder="123"
              maxLength={4}
              disabled={busy}
              {...field('cvc', (value) => value.replace(/\D/g, '').slice(0, 4))}
            />
          </div>
          <Button type="submit" disabled={busy} className="w-full">
            {busy && <Spinner label={busyLabel} className="size-4" />}
            {busy ? busyLabel : submitLabel}
          </Button>
          <Link to="/pricing" className="text-center text-sm underline underline-offset-4">
            Back to Pricing
          </Link>
        </form>
      </CardContent>
    </Card>
  );
}
