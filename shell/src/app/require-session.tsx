import { Suspense, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from '@coffer/web-core/router';
import { Spinner } from '@coffer/ui';
import { isTwoFactorSetupPending, loginReturningTo, useSession } from '@coffer/web-core';

/**
 * The dashboard's guard: "Loading..." while the page finds out whether it has a
 * session (and while the dashboard's code arrives), the sign-in page (coming
 * back to this address) when it has none (signed out here or in another tab, or still owing its second
 * factor) or must set up two-factor first, the dashboard otherwise.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const { status } = useSession();
  const location = useLocation();
  // Whether this page was signed in: a session that ends here (sign-out, account deleted) goes to plain /login.
  const [wasSignedIn, setWasSignedIn] = useState(false);
  if (status === 'signed-in' && !wasSignedIn) setWasSignedIn(true);
  if (status === 'unknown') return <Loading />;
  if (status !== 'signed-in') {
    // A visitor who opened a link into the dashboard (a share email's) comes back to it once signed in.
    const here = `${location.pathname}${location.search}`;
    return <Navigate to={wasSignedIn || here === '/dashboard' ? '/login' : loginReturningTo(here)} replace />;
  }
  // The account requires two-factor and this user has none: the sign-in page leads them through its setup first.
  if (isTwoFactorSetupPending()) return <Navigate to="/login" replace />;
  return <Suspense fallback={<Loading />}>{children}</Suspense>;
}

function Loading() {
  return (
    <div className="flex min-h-svh items-center justify-center gap-2 text-muted-foreground">
      <Spinner label="Loading" />
      <span>Loading...</span>
    </div>
  );
}
