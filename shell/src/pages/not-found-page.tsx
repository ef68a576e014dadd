import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';

/** Any path no route matches. The attempted path is logged for whoever reads the console. */
export function NotFoundPage() {
  const { pathname } = useLocation();

  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', pathname);
  }, [pathname]);

  return (
    <main className="flex min-h-svh items-center justify-center bg-muted px-4">
      <div className="text-center">
        <h1 className="mb-4 text-4xl font-bold">404</h1>
        <p className="mb-4 text-xl text-muted-foreground">Oops! Page not found</p>
        <Link to="/" className="text-foreground underline underline-offset-4 hover:opacity-80">
          Return to Home
        </Link>
      </div>
    </main>
  );
}
