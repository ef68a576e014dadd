import { useState } from 'react';
import { roleMay } from '@coffer/contracts';
import { Button, Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger, Skeleton, toast } from '@coffer/ui';
import { useAccountPlanQuery, useGetProfileQuery } from '@coffer/web-core/store';
import { askOwnerLine, longDate, planLine, planName } from '../../../lib/plan-display';
import { failureToast } from '../../../lib/failure-toast';
import { useCancelSubscriptionMutation, useResumeSubscriptionMutation } from '../api/subscription-api';

/**
 * Account Details → Plan (spec §2): no plan, the trial and its end, or the active plan; the button is a full page load to /pricing.
 * Only the owner chooses (PRODUCT-DECISIONS): the others see whom to ask; the owner of an active plan changes, cancels or resumes it.
 */
export function PlanLine() {
  const { data: plan, isLoading } = useAccountPlanQuery();
  const { data: profile } = useGetProfileQuery();
  if (isLoading || !plan || !profile) return <Skeleton className="h-10 w-full" />;
  const line = planLine(plan);
  const owner = roleMay(profile.role, 'managePlan');
  return (
    <div className="flex flex-wrap items-center justify-between gap-3" aria-label="Plan" role="group">
      <div className="flex flex-col">
        <span className="text-sm text-muted-foreground">Plan</span>
        <span className="font-medium">{line.title}</span>
        <span className="text-sm text-muted-foreground">{line.detail}</span>
        {!owner && <span className="text-sm text-muted-foreground">{askOwnerLine(profile.ownerName)}</span>}
      </div>
      {owner && line.button && (
        <Button asChild variant="outline" size="sm">
          <a href="/pricing">{line.button}</a>
        </Button>
      )}
      {owner && plan.status === 'active' && plan.planType !== 'enterprise' && (
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline" size="sm">
            <a href="/pricing">Change Plan</a>
          </Button>
          {plan.cancelAtPeriodEnd ? <ResumeButton /> : <CancelButton planType={plan.planType} periodEndDate={plan.periodEndDate} />}
        </div>
      )}
    </div>
  );
}

function ResumeButton() {
  const [resume, { isLoading }] = useResumeSubscriptionMutation();
  const onResume = async () => {
    try {
      await resume().unwrap();
      toast({ title: 'Subscription resumed', description: 'Your plan renews as before.' });
    } catch (error) {
      failureToast('Failed to resume the subscription', error);
    }
  };
  return (
    <Button size="sm" disabled={isLoading} onClick={() => void onResume()}>
      Resume Subscription
    </Button>
  );
}

/** Cancelling asks first, and says until when the plan stays. */
function CancelButton({ planType, periodEndDate }: { planType: string | null; periodEndDate: string | null }) {
  const [open, setOpen] = useState(false);
  const [cancel, { isLoading }] = useCancelSubscriptionMutation();
  const name = planName(planType) ?? 'Your plan';
  const until = periodEndDate ? longDate(periodEndDate) : 'the end of the period';
  const onCancel = async () => {
    try {
      await cancel().unwrap();
      setOpen(false);
      toast({ title: 'Subscription cancelled', description: `${name} stays yours until ${until}.` });
    } catch (error) {
      failureToast('Failed to cancel the subscription', error);
    }
  };
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          Cancel Subscription
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Cancel your subscription?</DialogTitle>
          <DialogDescription>
            {name} stays yours until {until}. Then your account has no plan selected; your files stay readable.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => setOpen(false)}>
            Keep Subscription
          </Button>
          <Button variant="destructive" disabled={isLoading} onClick={() => void onCancel()}>
            Cancel Subscription
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
