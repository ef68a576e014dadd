/** What a list loaded a page at a time says of itself: how many show, of how many, and the next page. */
export interface PagedList {
  shown: number;
  total: number;
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => void;
}

/** How an infinite query of pages with `total` reads as a list loaded a page at a time. */
export function pagedList(
  query: { data?: { pages: { total: number }[] }; hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown },
  shown: number,
): PagedList {
  return {
    shown,
    total: query.data?.pages[0]?.total ?? 0,
    hasMore: query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    loadMore: () => void query.fetchNextPage(),
  };
}
