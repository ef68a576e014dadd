import { Bell, Clock, Folder, Settings, Share2, Trash2, User, type LucideIcon } from 'lucide-react';

export type DashboardTabId = 'files' | 'shared' | 'recent' | 'trash' | 'notifications' | 'settings' | 'account';

export interface DashboardTab {
  id: DashboardTabId;
  label: string;
  path: string;
  icon: LucideIcon;
  group: 'main' | 'account';
  /** Shown under the tab's title; the account group's panels title themselves. */
  subtitle?: string;
}

/** The dashboard's sidebar tabs, in order. */
export const DASHBOARD_TABS: readonly DashboardTab[] = [
  { id: 'files', label: 'Files', path: '/dashboard/files', icon: Folder, group: 'main', subtitle: 'Manage your files and folders' },
  { id: 'shared', label: 'Shared', path: '/dashboard/shared', icon: Share2, group: 'main', subtitle: 'Files shared with you and by you' },
  { id: 'recent', label: 'Recent', path: '/dashboard/recent', icon: Clock, group: 'main', subtitle: 'Recently accessed files' },
  { id: 'trash', label: 'Trash', path: '/dashboard/trash', icon: Trash2, group: 'main', subtitle: 'Deleted files (30 days)' },
  { id: 'notifications', label: 'Notifications', path: '/dashboard/notifications', icon: Bell, group: 'account' },
  { id: 'settings', label: 'Settings', path: '/dashboard/settings', icon: Settings, group: 'account' },
  { id: 'account', label: 'Account', path: '/dashboard/account', icon: User, group: 'account' },
];

/** The tab a dashboard URL belongs to; `/dashboard` itself opens the files tab. */
export function tabForPath(pathname: string): DashboardTab | undefined {
  const path = pathname.replace(/\/+$/, '');
  if (path === '/dashboard') return DASHBOARD_TABS[0];
  return DASHBOARD_TABS.find((tab) => path === tab.path || path.startsWith(`${tab.path}/`));
}
