import { Link, useLocation } from '@coffer/web-core/router';
import { cn } from '@coffer/ui';
import { DASHBOARD_TABS, tabForPath, type DashboardTab } from './dashboard-tabs';

interface DashboardNavProps {
  /** Called after a tab is chosen (the mobile drawer closes itself with it). */
  onNavigate?: () => void;
}

/** The dashboard's tabs: files, shared, recent, trash, then the account group. */
export function DashboardNav({ onNavigate }: DashboardNavProps) {
  const active = tabForPath(useLocation().pathname);
  const group = (name: DashboardTab['group']) =>
    DASHBOARD_TABS.filter((tab) => tab.group === name).map((tab) => (
      <li key={tab.id}>
        <Link
          to={tab.path}
          onClick={onNavigate}
          aria-current={tab.id === active?.id ? 'page' : undefined}
          className={cn(
            'flex items-center gap-3 rounded-md px-3 py-2 text-sm transition-colors',
            tab.id === active?.id ? 'bg-primary font-medium text-primary-foreground' : 'text-muted-foreground hover:bg-accent hover:text-accent-foreground',
          )}
        >
          <tab.icon aria-hidden className="size-4" />
          {tab.label}
        </Link>
      </li>
    ));

  return (
    <nav aria-label="Dashboard" className="flex flex-col gap-4">
      <ul className="flex flex-col gap-1">{group('main')}</ul>
      <hr className="border-border" />
      <ul className="flex flex-col gap-1">{group('account')}</ul>
    </nav>
  );
}
