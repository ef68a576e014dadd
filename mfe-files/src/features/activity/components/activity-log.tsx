import { useEffect, useState } from 'react';
import { Download, FolderPlus, History, RefreshCw, Share2, Trash2, Upload, type LucideIcon } from 'lucide-react';
import { Skeleton } from '@coffer/ui';
import { formatRelativeTime } from '@coffer/web-core/format';
import { useActivityQuery, type ActivityItem } from '../api/activity-api';

const KINDS: Record<ActivityItem['kind'], { icon: LucideIcon; label: string }> = {
  upload: { icon: Upload, label: 'Uploaded' },
  share: { icon: Share2, label: 'Shared' },
  delete: { icon: Trash2, label: 'Deleted' },
  download: { icon: Download, label: 'Downloaded' },
  folder: { icon: FolderPlus, label: 'Created folder' },
  replace: { icon: RefreshCw, label: 'Replaced' },
  'restore-version': { icon: History, label: 'Restored a version of' },
};

/** Re-renders every minute, so "Just now" becomes "1 minute ago" without a new fetch. */
function useNow(intervalMs = 60_000) {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** The right-hand Activity Log: the 15 latest events, live. */
export function ActivityLog() {
  const { data, isLoading, isError } = useActivityQuery();
  const now = useNow();
  // Spec §8: activity fetch errors are only logged; the panel stays calm.
  const items = isError ? [] : (data?.items ?? []).slice(0, 15);
  return (
    <section aria-label="Activity Log" className="flex flex-col gap-3">
      <h2 className="text-sm font-semibold">Activity Log</h2>
      {isLoading ? (
        <div className="flex flex-col gap-2">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
        </div>
      ) : items.length === 0 ? (
        <p className="text-sm text-muted-foreground">No activity yet</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {items.map((item) => {
            const kind = KINDS[item.kind] ?? KINDS.upload;
            return (
              <li key={item.id} className="flex items-start gap-3 rounded-md p-2 hover:bg-muted/60">
                <span aria-hidden className="mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-full bg-muted">
                  <kind.icon className="size-3.5" />
                </span>
                <div className="min-w-0 text-sm">
                  <p className="truncate">
                    {/* Someone else's doing in a team folder names them: "Mia Member uploaded brief.txt". */}
                    {item.actorName ? (
                      <>
                        <span className="font-medium">{item.actorName}</span>
                        <span className="text-muted-foreground"> {kind.label.toLowerCase()} </span>
                      </>
                    ) : (
                      <span className="text-muted-foreground">{kind.label} </span>
                    )}
                    <span className="font-medium">{item.fileName || 'a file'}</span>
                  </p>
                  <p className="text-xs text-muted-foreground">
                    <time dateTime={item.occurredAt}>{formatRelativeTime(item.occurredAt, now)}</time>
                  </p>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
