import { Download, Eye } from 'lucide-react';
import { formatRelativeTime } from '@coffer/web-core/format';
import { useShareAccessesInfiniteQuery } from '../api/sharing-api';
import { pagedList } from '../hooks/paged-list';
import { ShowMore } from './show-more';

/** A recipient's opens of one share, newest first: when, from which IP, view or download (a page at a time, with Show more). */
export function ShareAccessHistory({ shareId, recipient }: { shareId: string; recipient: string }) {
  const query = useShareAccessesInfiniteQuery(shareId);
  if (query.isLoading || query.isError) return null;
  const accesses = query.data?.pages.flatMap((page) => page.items) ?? [];
  if (accesses.length === 0) return <p className="text-xs text-muted-foreground">Not opened yet</p>;
  return (
    <>
      <ul aria-label={`Opens by ${recipient}`} className="flex max-h-32 flex-col gap-1 overflow-y-auto">
        {accesses.map((access) => {
          const download = access.disposition === 'attachment';
          const Icon = download ? Download : Eye;
          return (
            <li key={access.id} className="flex items-center gap-1.5 text-xs text-muted-foreground">
              <Icon aria-hidden className="size-3 shrink-0" />
              <span className="text-foreground">{download ? 'Downloaded' : 'Viewed'}</span>
              <span aria-hidden>·</span>
              <time dateTime={access.accessedAt} title={new Date(access.accessedAt).toLocaleString()}>
                {formatRelativeTime(access.accessedAt)}
              </time>
              <span aria-hidden>·</span>
              <span className="truncate">{access.clientIp ? `IP ${access.clientIp}` : 'IP unknown'}</span>
            </li>
          );
        })}
      </ul>
      <ShowMore list={pagedList(query, accesses.length)} size="xs" />
    </>
  );
}
