import { Clock } from 'lucide-react';
import { roleMay } from '@coffer/contracts';
import { Button } from '@coffer/ui';
import { useAccountPlanQuery, useGetProfileQuery } from '@coffer/web-core/store';
import { askOwnerLine } from '../../../lib/plan-display';
import { trialBanner } from '../trial-banner';

/**
 * The dashboard's banner while the trial ends within three days and once it has ended: the owner's
 * button to choose a plan (a full page load to /pricing), or whom the others ask.
 */
export function PlanBanner() {
  const { data: plan } = useAccountPlanQuery();
  const { data: profile } = useGetProfileQuery();
  const banner = plan ? trialBanner(plan) : null;
  if (!banner || !profile) return null;
  const owner = roleMay(profile.role, 'managePlan');
  return (
    <section
      aria-label="Trial"
      className="mb-6 flex flex-col gap-3 rounded-lg border border-primary/30 bg-background p-4 shadow-sm sm:flex-row sm:items-center"
    >
      <Clock aria-hidden className="size-5 shrink-0 text-primary max-sm:hidden" />
      <div className="min-w-0 flex-1">
        <p className="font-medium break-words">{banner.title}</p>
        <p className="text-sm break-words text-muted-foreground">{owner ? banner.detail : askOwnerLine(profile.ownerName)}</p>
      </div>
      {owner && (
        <Button asChild className="sm:shrink-0">
          <a href="/pricing">Choose a Plan</a>
        </Button>
      )}
    </section>
  );
}
