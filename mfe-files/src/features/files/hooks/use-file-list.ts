import type { FileItem } from '@coffer/contracts';
import { useListFilesInfiniteQuery, type FileListArgs } from '../api/files-api';

/** A list as the grid shows it: the items of the pages read so far, how many there are in all, and how to read on. */
export interface FileList {
  items?: FileItem[];
  total?: number;
  isLoading: boolean;
  isError: boolean;
  isFetching: boolean;
  refetch: () => unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/** Each item once: one a push placed in the pages read can come again on a later page. */
function withoutRepeats(items: FileItem[]): FileItem[] {
  const seen = new Set<string>();
  return items.filter((item) => !seen.has(item.id) && Boolean(seen.add(item.id)));
}

/**
 * One list (a folder, the trash, a search, Recent), its pages read as the user scrolls to them. With
 * `currentOnly` (search as you type) only the answer to these very args is shown, never an earlier query's.
 */
export function useFileList(args: FileListArgs, { currentOnly = false, ...options }: { skip?: boolean; currentOnly?: boolean } = {}): FileList {
  const query = useListFilesInfiniteQuery(args, options);
  const pages = (currentOnly ? query.currentData : query.data)?.pages;
  return {
    items: pages && withoutRepeats(pages.flatMap((page) => page.items)),
    total: pages?.[0]?.total,
    isLoading: query.isLoading || (currentOnly && !pages && query.isFetching),
    isError: query.isError,
    isFetching: query.isFetching,
    refetch: query.refetch,
    hasNextPage: query.hasNextPage,
    isFetchingNextPage: query.isFetchingNextPage,
    fetchNextPage: query.fetchNextPage,
  };
}
