import type { ShareDirection } from '@coffer/contracts';
import { useListSharesInfiniteQuery } from '../api/sharing-api';
import { pagedList } from './paged-list';

/**
 * A list of shares a page at a time: the shares loaded so far, how many the
 * whole list holds, and the next page when asked for (nothing is left out
 * unsaid: a list longer than its first page says so and offers the rest).
 */
export function useShareList(args: { direction: ShareDirection; fileId?: string }, options?: { skip?: boolean }) {
  const query = useListSharesInfiniteQuery(args, options);
  const pages = query.data?.pages ?? [];
  const shares = pages.flatMap((page) => page.items);
  return {
    isLoading: query.isLoading,
    isError: query.isError,
    isFetching: query.isFetching,
    refetch: query.refetch,
    loaded: query.data !== undefined,
    shares,
    emailConfirmed: pages[0]?.emailConfirmed ?? true,
    ...pagedList(query, shares.length),
  };
}

export type ShareList = ReturnType<typeof useShareList>;
