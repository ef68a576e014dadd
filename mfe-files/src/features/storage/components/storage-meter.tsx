import { HardDrive } from 'lucide-react';
import { Progress, Skeleton } from '@coffer/ui';
import { formatStoragePercent, formatStorageUsed, storagePercent } from '@coffer/web-core/format';
import { useStorageUsageQuery } from '@coffer/web-core/store';

/** The sidebar's storage meter: "X of Y used" and the share of the plan's limit. */
export function StorageMeter() {
  const { data, isLoading, isError } = useStorageUsageQuery();
  // Spec §8: a failed usage read is only logged; the meter shows 0 used.
  const used = isError ? 0 : (data?.usedBytes ?? 0);
  const limit = data?.limitBytes ?? 0;
  return (
    <section aria-label="Storage" className="flex flex-col gap-2 rounded-lg border border-border bg-muted/40 p-3">
      <div className="flex items-center justify-between gap-2 text-sm">
        <span className="flex items-center gap-2 font-medium">
          <HardDrive aria-hidden className="size-4" />
          Storage
        </span>
        {!isLoading && <span className="text-muted-foreground">{formatStoragePercent(used, limit)}</span>}
      </div>
      {isLoading ? <Skeleton className="h-2 w-full" /> : <Progress value={storagePercent(used, limit)} aria-label="Storage used" />}
      <p className="text-xs text-muted-foreground">{isLoading ? 'Loading...' : formatStorageUsed(used, limit)}</p>
    </section>
  );
}
