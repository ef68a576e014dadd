import type { PlanDefinition } from '@coffer/plans';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@coffer/ui';
import { longDate } from '../../../lib/plan-display';
import type { CheckoutMode } from '../checkout-mode';

/**
 * Spec §2 checkout: plan name, storage, features, the 14 free days, the monthly price, no charge today.
 * Subscribing (the trial used or running) and changing plan: the monthly price from today, and the trial's end while it runs.
 */
export function OrderSummary({ plan, mode, trialEndDate }: { plan: PlanDefinition; mode: CheckoutMode; trialEndDate: string | null }) {
  const trial = mode === 'start-trial';
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-xl">Order Summary</CardTitle>
        <CardDescription>{plan.subtitle}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="flex items-baseline justify-between gap-4">
          <h2 className="text-lg font-semibold">{plan.name}</h2>
          <span className="text-sm text-muted-foreground">{plan.storage} storage</span>
        </div>
        <ul className="flex list-disc flex-col gap-1 pl-5 text-sm" aria-label="Features">
          {plan.features.map((feature) => (
            <li key={feature}>{feature}</li>
          ))}
        </ul>
        <dl className="flex flex-col gap-2 border-t pt-4 text-sm">
          {trial && (
            <div className="flex justify-between gap-4">
              <dt>14 days free trial</dt>
              <dd className="font-medium">$0.00</dd>
            </div>
          )}
          <div className="flex justify-between gap-4">
            <dt>{trial ? 'Then per month' : 'Per month, from today'}</dt>
            <dd className="font-medium">
              {plan.priceUsd} / {plan.priceGbp}
            </dd>
          </div>
        </dl>
        {trial ? (
          <p className="text-sm text-muted-foreground">No charge today. Cancel anytime.</p>
        ) : (
          <p className="text-sm text-muted-foreground">
            {trialEndDate ? `Your free trial ends on ${longDate(trialEndDate)}; the subscription starts today. ` : ''}
            Renews monthly. Cancel anytime.
          </p>
        )}
      </CardContent>
    </Card>
  );
}
