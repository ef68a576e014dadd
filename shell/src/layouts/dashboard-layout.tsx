import { useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { Menu } from 'lucide-react';
import { Button, Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from '@coffer/ui';
import { CofferLogo } from './coffer-logo';
import { DashboardAccountMenu } from './dashboard-account-menu';
import { DashboardNav } from './dashboard-nav';
import { tabForPath } from './dashboard-tabs';

/**
 * Frame of the signed-in app: a permanent sidebar on large screens, a drawer on
 * small ones, a top bar, and the current tab's title above the remote's panel.
 */
export function DashboardLayout() {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const tab = tabForPath(useLocation().pathname);

  return (
    <div className="flex min-h-svh bg-muted/40">
      <aside className="sticky top-0 hidden h-svh w-64 shrink-0 flex-col gap-6 border-r border-border bg-background p-4 lg:flex">
        <CofferLogo to="/dashboard" className="px-2 pt-1" />
        <DashboardNav />
      </aside>

      <div className="flex min-w-0 flex-1 flex-col">
        {/* Top bar: the drawer button and logo on small screens, the account menu always; search and upload join it later. */}
        <header className="sticky top-0 z-30 flex h-14 items-center gap-3 border-b border-border bg-background px-4 sm:px-6 lg:px-8">
          <Sheet open={drawerOpen} onOpenChange={setDrawerOpen}>
            <SheetTrigger asChild>
              <Button variant="ghost" size="icon" className="lg:hidden" aria-label="Open navigation">
                <Menu />
              </Button>
            </SheetTrigger>
            <SheetContent side="left" className="w-[280px]">
              <SheetTitle className="sr-only">Navigation</SheetTitle>
              <SheetDescription className="sr-only">Dashboard tabs</SheetDescription>
              <CofferLogo to="/dashboard" className="px-2" onClick={() => setDrawerOpen(false)} />
              <DashboardNav onNavigate={() => setDrawerOpen(false)} />
            </SheetContent>
          </Sheet>
          <CofferLogo to="/dashboard" className="lg:hidden" />
          <div className="ml-auto flex items-center gap-2">
            <DashboardAccountMenu />
          </div>
        </header>

        <main className="flex-1 px-4 py-6 sm:px-6 lg:px-8">
          {tab?.subtitle && (
            <div className="mb-6">
              <h1 className="text-2xl font-bold tracking-tight">{tab.label}</h1>
              <p className="text-muted-foreground">{tab.subtitle}</p>
            </div>
          )}
          <Outlet />
        </main>
      </div>
    </div>
  );
}
