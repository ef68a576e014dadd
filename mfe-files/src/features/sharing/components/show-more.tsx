import { Button } from '@coffer/ui';
import type { PagedList } from '../hooks/paged-list';

/** Under a list longer than what is loaded (shares, a share's opens): how many show of how many, and Show more. */
export function ShowMore({ list, size = 'sm' }: { list: PagedList; size?: 'sm' | 'xs' }) {
  if (!list.hasMore) return null;
  return (
    <div className={`flex flex-wrap items-center justify-between gap-2 text-muted-foreground ${size === 'xs' ? 'text-xs' : 'text-sm'}`}>
      <span role="status">
        Showing {list.shown} of {list.total}
      </span>
      <Button variant="outline" size="sm" disabled={list.loadingMore} onClick={list.loadMore}>
        {list.loadingMore ? 'Loading...' : 'Show more'}
      </Button>
    </div>
  );
}
