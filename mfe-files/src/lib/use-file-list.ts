import type { FileItem } from '@coffer/contracts';
import { useListFilesInfiniteQuery, type FileListArgs } from './files-api';

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

/** One list (a folder, the trash, a search, Recent), its pages read as the user scrolls to them. */
export function useFileList(args: FileListArgs, options: { skip?: boolean } = {}): FileList {
  const query = useListFilesInfiniteQuery(args, options);
  const pages = query.data?.pages;
  return {
    items: pages?.flatMap((page) => page.items),
    total: pages?.[0]?.total,
    isLoading: query.isLoading,
    isError: query.isError,
    isFetching: query.isFetching,
    refetch: query.refetch,
    hasNextPage: query.hasNextPage,
    isFetchingNextPage: query.isFetchingNextPage,
    fetchNextPage: query.fetchNextPage,
  };
}
