import { roleMay, type AccountPlan } from '@coffer/contracts';
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Progress, Skeleton } from '@coffer/ui';
import { formatStoragePercent, formatStorageUsed, storagePercent } from '@coffer/web-core/format';
import { useGetProfileQuery, useStorageUsageQuery } from '@coffer/web-core/store';
import { askOwnerLine } from '../../../lib/plan-display';

/** Settings → Storage: used of the plan's limit, and the way to a bigger plan (a full page load to /pricing). */
export function StorageSettings({ plan }: { plan: AccountPlan | undefined }) {
  const { data, isLoading } = useStorageUsageQuery();
  const { data: profile } = useGetProfileQuery();
  const used = data?.usedBytes ?? 0;
  const limit = data?.limitBytes ?? plan?.storageLimitBytes ?? 0;
  const noPlan = !plan || plan.status === 'none';
  return (
    <Card>
      <CardHeader>
        <CardTitle>Storage</CardTitle>
        <CardDescription>How much of your plan&apos;s storage is in use.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {isLoading ? (
          <Skeleton className="h-2 w-full" />
        ) : (
          <>
            <div className="flex items-center justify-between gap-2 text-sm">
              <span>{formatStorageUsed(used, limit)}</span>
              <span className="text-muted-foreground">{formatStoragePercent(used, limit)}</span>
            </div>
            <Progress value={storagePercent(used, limit)} aria-label="Storage used" />
          </>
        )}
        {/* Only the owner chooses the plan (PRODUCT-DECISIONS); the others see whom to ask. */}
        {profile && !roleMay(profile.role, 'managePlan') ? (
          <p className="text-sm text-muted-foreground">{askOwnerLine(profile.ownerName)}</p>
        ) : (
          <Button asChild className="w-fit">
            <a href="/pricing">{noPlan ? 'Select Plan' : 'Upgrade Storage'}</a>
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
