import { useState } from 'react';
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Spinner, toast } from '@coffer/ui';
import { trialErrorToast } from '../trial-toasts';

interface PlanChoiceButtonProps {
  title: string;
  description: string;
  label: string;
  busyLabel: string;
  variant?: 'default' | 'outline';
  /** Changes the plan (a refusal is shown as its toast, with the server's words). */
  onChoose: () => Promise<void>;
}

/** A checkout step with no card form: changing an active plan, switching the trial's plan, going to Stripe. */
export function PlanChoiceButton({ title, description, label, busyLabel, variant = 'default', onChoose }: PlanChoiceButtonProps) {
  const [busy, setBusy] = useState(false);
  const choose = async () => {
    setBusy(true);
    try {
      await onChoose();
    } catch (error) {
      toast(trialErrorToast(error));
      setBusy(false);
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-xl">{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        <Button type="button" variant={variant} disabled={busy} className="w-full" onClick={() => void choose()}>
          {busy && <Spinner label={busyLabel} className="size-4" />}
          {busy ? busyLabel : label}
        </Button>
      </CardContent>
    </Card>
  );
}
