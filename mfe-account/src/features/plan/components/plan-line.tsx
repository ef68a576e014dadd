import { Button, Skeleton } from '@coffer/ui';
import { planLine } from '../../../lib/plan-display';
import { useAccountPlanQuery } from '@coffer/web-core/store';

/** Account Details → Plan (spec §2): no plan, the trial and its end, or the active plan; the button is a full page load to /pricing. */
export function PlanLine() {
  const { data: plan, isLoading } = useAccountPlanQuery();
  if (isLoading || !plan) return <Skeleton className="h-10 w-full" />;
  const line = planLine(plan);
  return (
    <div className="flex flex-wrap items-center justify-between gap-3" aria-label="Plan" role="group">
      <div className="flex flex-col">
        <span className="text-sm text-muted-foreground">Plan</span>
        <span className="font-medium">{line.title}</span>
        <span className="text-sm text-muted-foreground">{line.detail}</span>
      </div>
      {line.button && (
        <Button asChild variant="outline" size="sm">
          <a href="/pricing">{line.button}</a>
        </Button>
      )}
    </div>
  );
}
