import { NotificationList } from '../features/notifications/components/notification-list';

/** /dashboard/notifications */
export function NotificationsPage() {
  return <NotificationList />;
}
