import { Bell } from 'lucide-react';
import { Button } from '@coffer/ui';
import { Link } from '@coffer/web-core/router';
import { useListNotificationsQuery } from '../api/notifications-api';
import { bellLabel } from '../lib/notification-copy';

/** The top bar's bell: its dot shows while something is unread, updated live (product decisions). */
export function NotificationBell() {
  const { data } = useListNotificationsQuery();
  const unread = data?.unreadCount ?? 0;
  return (
    <Button asChild variant="ghost" size="icon" className="relative">
      <Link to="/dashboard/notifications" aria-label={bellLabel(unread)}>
        <Bell aria-hidden />
        {unread > 0 && <span aria-hidden data-testid="unread-dot" className="absolute top-2 right-2 size-2 rounded-full bg-destructive" />}
      </Link>
    </Button>
  );
}
