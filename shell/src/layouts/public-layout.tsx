import type { ReactNode } from 'react';
import { Outlet } from '@coffer/web-core/router';
import { PublicHeader } from './public-header';
import { PublicFooter } from './public-footer';

/** Header, main area and footer of a public page (also used by the 404 page). */
export function PublicFrame({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-svh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-background text-sm font-medium shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:px-4 focus:py-2"
      >
        Skip to main content
      </a>
      <PublicHeader />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        {children}
      </main>
      <PublicFooter />
    </div>
  );
}

/** Frame of the public site: marketing pages, sign-in and checkout. */
export function PublicLayout() {
  return (
    <PublicFrame>
      <Outlet />
    </PublicFrame>
  );
}
