import { Suspense, type ReactNode } from 'react';
import { Navigate } from '@coffer/web-core/router';
import { Spinner } from '@coffer/ui';
import { useSession } from '@coffer/web-core';

/**
 * The dashboard's guard: "Loading..." while the page finds out whether it has a
 * session (and while the dashboard's code arrives), the sign-in page when it
 * has none (signed out here or in another tab, or still owing its second
 * factor), the dashboard otherwise.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const { status } = useSession();
  if (status === 'unknown') return <Loading />;
  if (status !== 'signed-in') return <Navigate to="/login" replace />;
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
