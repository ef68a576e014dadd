import { Button } from '@coffer/ui';
import type { ShareList } from '../hooks/use-share-list';

/** Under a list of shares longer than what is loaded: how many show of how many, and Show more. */
export function MoreShares({ list }: { list: ShareList }) {
  if (!list.hasMore) return null;
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-muted-foreground">
      <span role="status">
        Showing {list.shares.length} of {list.total}
      </span>
      <Button variant="outline" size="sm" disabled={list.loadingMore} onClick={list.loadMore}>
        {list.loadingMore ? 'Loading...' : 'Show more'}
      </Button>
    </div>
  );
}
