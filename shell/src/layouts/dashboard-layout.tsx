import { useEffect, useState } from 'react';
import { Link, Outlet, useLocation } from '@coffer/web-core/router';
import { Bell, Menu, Settings, User } from 'lucide-react';
import { Button, Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from '@coffer/ui';
import { StoreProvider, useRealtimeUpdates } from '@coffer/web-core/store';
import { RemoteWidget } from '../federation/remote-widget';
import { CofferLogo } from './coffer-logo';
import { useAccountBranding } from './use-account-branding';
import { DashboardAccountMenu } from './dashboard-account-menu';
import { DashboardNav } from './dashboard-nav';
import { DashboardSearch } from './dashboard-search';
import { tabForPath } from './dashboard-tabs';

const storageMeter = <RemoteWidget remote="coffer_files" name="storageMeter" />;
const invitationBanner = <RemoteWidget remote="coffer_account" name="invitationBanner" />;
const planBanner = <RemoteWidget remote="coffer_account" name="planBanner" />;
/** The bell while the account remote loads (or if it is down): a link, with no dot since nothing is known to be unread. */
const plainBell = (
  <Button asChild variant="ghost" size="icon">
    <Link to="/dashboard/notifications" aria-label="Notifications">
      <Bell aria-hidden />
    </Link>
  </Button>
);

/** Frame of the signed-in app, with the page's store for everything in it (the remotes' panels and widgets too). */
export function DashboardLayout() {
  return (
    <StoreProvider>
      <DashboardFrame />
    </StoreProvider>
  );
}

/**
 * A permanent sidebar on large screens (a drawer on small ones) with the
 * storage meter, a top bar, the current tab's title above the remote's panel,
 * and the Activity Log on extra-large screens.
 */
function DashboardFrame() {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { pathname } = useLocation();
  const tab = tabForPath(pathname);
  // Pushes from the server keep lists, the meter and the activity log current.
  useRealtimeUpdates();
  const brand = useAccountBranding();
  useSystemColorScheme();

  return (
    <div className="flex min-h-svh bg-muted/40">
      {/* Each tab its own title (React puts it in the head), so tabs and history tell the pages apart. */}
      <title>{`${tab?.label ?? (pathname.startsWith('/dashboard/search') ? 'Search' : 'Dashboard')} · Coffer`}</title>
      <aside className="sticky top-0 hidden h-svh w-64 shrink-0 flex-col gap-6 overflow-y-auto border-r border-border bg-background p-4 lg:flex">
        <CofferLogo to="/dashboard" className="px-2 pt-1" brand={brand} />
        <DashboardNav />
        <div className="mt-auto">{storageMeter}</div>
      </aside>

      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b border-border bg-background px-3 sm:gap-3 sm:px-6 lg:px-8">
          <Sheet open={drawerOpen} onOpenChange={setDrawerOpen}>
            <SheetTrigger asChild>
              <Button variant="ghost" size="icon" className="shrink-0 lg:hidden" aria-label="Open navigation">
                <Menu />
              </Button>
            </SheetTrigger>
            <SheetContent side="left" className="w-[280px] overflow-y-auto sm:w-[350px]">
              <SheetTitle className="sr-only">Navigation</SheetTitle>
              <SheetDescription className="sr-only">Dashboard tabs</SheetDescription>
              <CofferLogo to="/dashboard" className="px-2" onClick={() => setDrawerOpen(false)} brand={brand} />
              <DashboardNav onNavigate={() => setDrawerOpen(false)} />
              <div className="mt-auto">{storageMeter}</div>
            </SheetContent>
          </Sheet>
          {/* The account's own mark stays in the bar on a phone; Coffer's is in the drawer. */}
          {brand && <CofferLogo to="/dashboard" className="shrink-0 sm:hidden" brand={brand} markOnly />}
          <CofferLogo to="/dashboard" className="hidden max-w-48 shrink-0 sm:flex lg:hidden" brand={brand} />
          <DashboardSearch />
          <div className="ml-auto flex shrink-0 items-center gap-1 sm:gap-2">
            <RemoteWidget remote="coffer_files" name="uploadButton" />
            <RemoteWidget remote="coffer_account" name="notificationBell" fallback={plainBell} />
            {/* On a phone, Settings and Account are in the avatar menu (Profile, Settings) to leave the search box room. */}
            <Button asChild variant="ghost" size="icon" className="max-sm:hidden">
              <Link to="/dashboard/settings" aria-label="Settings">
                <Settings aria-hidden />
              </Link>
            </Button>
            <Button asChild variant="ghost" size="icon" className="max-md:hidden">
              <Link to="/dashboard/account" aria-label="Account">
                <User aria-hidden />
              </Link>
            </Button>
            <DashboardAccountMenu />
          </div>
        </header>

        <div className="flex min-w-0 flex-1">
          <main className="min-w-0 flex-1 px-4 py-6 sm:px-6 lg:px-8">
            {/* Invitations to the user's own address: Join or Decline, on every tab until answered. */}
            {invitationBanner}
            {/* The trial ends within three days, or has ended: choose a plan (the owner) or whom to ask. */}
            {planBanner}
            {tab?.subtitle && (
              <div className="mb-6">
                <h1 className="text-2xl font-bold tracking-tight">{tab.label}</h1>
                <p className="text-muted-foreground">{tab.subtitle}</p>
              </div>
            )}
            <Outlet />
          </main>
          <aside className="sticky top-14 hidden h-[calc(100svh-3.5rem)] w-80 shrink-0 overflow-y-auto border-l border-border bg-background p-4 xl:block">
            <RemoteWidget remote="coffer_files" name="activityLog" />
          </aside>
        </div>
      </div>
    </div>
  );
}

/** The dashboard (its dialogs too, which render under <body>) follows the system's light or dark scheme while it is open. */
function useSystemColorScheme() {
  useEffect(() => {
    const root = document.documentElement;
    root.dataset.colorScheme = 'system';
    return () => {
      delete root.dataset.colorScheme;
    };
  }, []);
}
