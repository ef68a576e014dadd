import { PanelHeading } from '../components/panel-heading';

/** /dashboard/notifications (the list comes with the notifications API) */
export function NotificationsPage() {
  return <PanelHeading title="Notifications" description="Shares, uploads and account updates appear here." />;
}
