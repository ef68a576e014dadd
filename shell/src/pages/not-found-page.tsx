import { useEffect } from 'react';
import { Link, useLocation } from '@coffer/web-core/router';
import { Button } from '@coffer/ui';
import { PublicFrame } from '../layouts/public-layout';

/** Any path no route matches. The attempted path is logged for whoever reads the console. */
export function NotFoundPage() {
  const { pathname } = useLocation();

  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', pathname);
  }, [pathname]);

  return (
    <PublicFrame>
      <title>Page not found · Coffer</title>
      <div className="flex min-h-[60svh] items-center justify-center bg-muted/40 px-4 py-16">
        <div className="text-center">
          <h1 className="text-6xl font-bold tracking-tight sm:text-7xl">404</h1>
          <p className="mt-4 text-xl text-muted-foreground">Oops! Page not found</p>
          <Button asChild size="lg" className="mt-8">
            <Link to="/">Return to Home</Link>
          </Button>
        </div>
      </div>
    </PublicFrame>
  );
}
