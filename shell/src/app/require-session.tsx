import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { Spinner } from '@coffer/ui';
import { useSession } from '@coffer/web-core';

/**
 * The dashboard's guard: "Loading..." while the page finds out whether it has a
 * session, the sign-in page when it has none (signed out here or in another
 * tab, or still owing its second factor), the dashboard otherwise.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const { status } = useSession();
  if (status === 'unknown') {
    return (
      <div className="flex min-h-svh items-center justify-center gap-2 text-muted-foreground">
        <Spinner label="Loading" />
        <span>Loading...</span>
      </div>
    );
  }
  if (status !== 'signed-in') return <Navigate to="/login" replace />;
  return children;
}
