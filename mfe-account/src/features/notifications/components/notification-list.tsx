import { Button, Card, CardContent, Skeleton, cn } from '@coffer/ui';
import { formatRelativeTimeShort } from '@coffer/web-core/format';
import type { NotificationItem } from '@coffer/contracts';
import { useNow } from '../../../lib/use-now';
import { unreadSummary } from '../lib/notification-copy';
import { useListNotificationsQuery, useMarkAllNotificationsReadMutation, useMarkNotificationReadMutation } from '../api/notifications-api';

/** The notifications page: the latest 50, newest first, live; clicking an unread one marks it read. */
export function NotificationList() {
  const { data, isLoading } = useListNotificationsQuery();
  const [markRead] = useMarkNotificationReadMutation();
  const [markAllRead, { isLoading: markingAll }] = useMarkAllNotificationsReadMutation();
  const now = useNow();
  const items = data?.items ?? [];
  const unread = data?.unreadCount ?? 0;

  const open = (item: NotificationItem) => {
    if (!item.read) void markRead(item.id);
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Notifications</h1>
          <p className="text-muted-foreground" aria-live="polite">
            {isLoading ? 'Loading...' : unreadSummary(unread)}
          </p>
        </div>
        <Button variant="outline" onClick={() => void markAllRead()} disabled={unread === 0 || markingAll}>
          Mark all as read
        </Button>
      </div>
      {isLoading ? (
        <div className="flex flex-col gap-2">
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-16 w-full" />
        </div>
      ) : items.length === 0 ? (
        <Card>
          <CardContent className="py-10 text-center text-muted-foreground">No notifications yet</CardContent>
        </Card>
      ) : (
        <ul className="flex flex-col gap-2" aria-label="Notifications">
          {items.map((item) => (
            <li key={item.id}>
              <button
                type="button"
                onClick={() => open(item)}
                className={cn(
                  'flex w-full items-start gap-3 rounded-lg border border-border p-4 text-left transition-colors hover:bg-muted/60 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                  !item.read && 'bg-muted/40',
                )}
              >
                <span
                  aria-hidden
                  data-testid={item.read ? undefined : 'unread-dot'}
                  className={cn('mt-1.5 size-2 shrink-0 rounded-full', item.read ? 'bg-transparent' : 'bg-primary')}
                />
                <span className="min-w-0 flex-1">
                  {!item.read && <span className="sr-only">Unread: </span>}
                  <span className={cn('block break-words', !item.read && 'font-semibold')}>{item.title}</span>
                  <span className="block text-sm break-words text-muted-foreground">{item.message}</span>
                </span>
                <time dateTime={item.createdAt} className="shrink-0 text-xs whitespace-nowrap text-muted-foreground">
                  {formatRelativeTimeShort(item.createdAt, now)}
                </time>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
