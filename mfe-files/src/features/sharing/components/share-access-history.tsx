import { Download, Eye, type LucideIcon } from 'lucide-react';
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
          return <AccessLine key={access.id} label={download ? 'Downloaded' : 'Viewed'} Icon={download ? Download : Eye} {...access} />;
        })}
      </ul>
      <ShowMore list={pagedList(query, accesses.length)} size="xs" />
    </>
  );
}

/** One open of a share or link: what it was, when, and from which IP. */
export function AccessLine({ label, Icon, accessedAt, clientIp }: { label: string; Icon: LucideIcon; accessedAt: string; clientIp: string | null }) {
  return (
    <li className="flex items-center gap-1.5 text-xs text-muted-foreground">
      <Icon aria-hidden className="size-3 shrink-0" />
      <span className="text-foreground">{label}</span>
      <span aria-hidden>·</span>
      <time dateTime={accessedAt} title={new Date(accessedAt).toLocaleString()}>
        {formatRelativeTime(accessedAt)}
      </time>
      <span aria-hidden>·</span>
      <span className="truncate">{clientIp ? `IP ${clientIp}` : 'IP unknown'}</span>
    </li>
  );
}
