import { TriangleAlert } from 'lucide-react';
import { Button } from '@coffer/ui';

/** What went wrong, in one line: the error's message (or the thrown value itself). */
export function describeRouteError(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  try {
    return JSON.stringify(error) ?? String(error);
  } catch {
    return String(error);
  }
}

/** The fallback screen when rendering a route throws (RouteErrorBoundary shows it). */
export function RouteErrorPage({ error }: { error: unknown }) {
  console.error(error);

  return (
    <main className="flex min-h-svh items-center justify-center bg-muted/40 px-4 py-16">
      <title>Unexpected Application Error · Coffer</title>
      <div role="alert" className="w-full max-w-2xl rounded-xl border border-border bg-background p-8 shadow-xs">
        <TriangleAlert aria-hidden className="mb-4 size-8 text-destructive" />
        <h1 className="mb-2 text-2xl font-bold">Unexpected Application Error!</h1>
        <p className="text-lg break-words text-muted-foreground italic">{describeRouteError(error)}</p>
        {/* The stack helps while developing; in production it is minified noise. */}
        {process.env.NODE_ENV !== 'production' && error instanceof Error && error.stack && (
          <pre className="mt-6 max-h-80 overflow-auto rounded-md bg-muted p-4 text-xs">{error.stack}</pre>
        )}
        <div className="mt-8 flex flex-wrap gap-3">
          <Button onClick={() => window.location.reload()}>Reload page</Button>
          <Button asChild variant="outline">
            {/* A full page load: the app's state may be what broke. */}
            <a href="/">Return to Home</a>
          </Button>
        </div>
      </div>
    </main>
  );
}
