import { lazy, useEffect } from 'react';
import { useLocation, useRoutes, type RouteObject } from '@coffer/web-core/router';
import type { AccountPage, FilesPage, MarketingPage } from '@coffer/web-core';
import { RemotePage } from '../federation/remote-page';
import { PublicLayout } from '../layouts/public-layout';
import { NotFoundPage } from '../pages/not-found-page';
import { RequireSession } from './require-session';
import { RouteErrorBoundary } from './route-error-boundary';
import { ScrollRestoration } from './scroll-restoration';

// The shell owns every URL; each page itself comes from the remote that owns its area.
const marketing = (page: MarketingPage) => <RemotePage remote="coffer_marketing" page={page} />;
const account = (page: AccountPage) => <RemotePage remote="coffer_account" page={page} />;
const files = (page: FilesPage) => <RemotePage remote="coffer_files" page={page} />;

// The dashboard's frame, and the data layer it brings, load when a dashboard page is first opened.
const loadDashboardLayout = () => import('../layouts/dashboard-layout').then((module) => ({ default: module.DashboardLayout }));
const DashboardLayout = lazy(loadDashboardLayout);

/** The dashboard behind its guard; the frame's code is fetched while the session is still being restored, not after. */
function Dashboard() {
  useEffect(() => {
    // A failed fetch shows when the frame renders (the lazy component loads again and throws).
    loadDashboardLayout().catch(() => undefined);
  }, []);
  return (
    <RequireSession>
      <DashboardLayout />
    </RequireSession>
  );
}

const routes: RouteObject[] = [
  {
    element: <PublicLayout />,
    children: [
      { index: true, element: marketing('landing') },
      { path: 'why-coffer', element: marketing('whyCoffer') },
      { path: 'pricing', element: marketing('pricing') },
      { path: 'contact-sales', element: marketing('contactSales') },
      { path: 'terms', element: marketing('terms') },
      { path: 'privacy', element: marketing('privacy') },
      { path: 'login', element: account('login') },
      // The links of the password reset and email confirmation emails.
      { path: 'reset-password', element: account('resetPassword') },
      { path: 'verify-email', element: account('verifyEmail') },
      { path: 'checkout', element: account('checkout') },
    ],
  },
  {
    path: 'dashboard',
    element: <Dashboard />,
    children: [
      { index: true, element: files('files') },
      { path: 'files/:folderId?', element: files('files') },
      { path: 'shared/:folderId?', element: files('shared') },
      { path: 'recent', element: files('recent') },
      { path: 'trash', element: files('trash') },
      { path: 'search', element: files('search') },
      { path: 'notifications', element: account('notifications') },
      { path: 'settings/:tab?', element: account('settings') },
      { path: 'account', element: account('account') },
    ],
  },
  // A link's public page ("Anyone with the link"): no sign-in, in the sharer's branding rather than Coffer's frame.
  { path: 'l/:token', element: files('publicLink') },
  // A file request's public page: anyone with it sends files in, in the maker's branding.
  { path: 'r/:token', element: files('publicRequest') },
  { path: '*', element: <NotFoundPage /> },
];

/** The page for the current URL, with the scroll position and the error screen every page shares. Render inside BrowserRouter. */
export function AppRoutes() {
  const page = useRoutes(routes);
  const location = useLocation();
  return (
    <>
      <ScrollRestoration />
      <RouteErrorBoundary location={location}>{page}</RouteErrorBoundary>
    </>
  );
}
