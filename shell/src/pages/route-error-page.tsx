import { isRouteErrorResponse, useRouteError } from 'react-router-dom';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.message;
  return String(error);
}

/** The fallback screen when rendering a route throws. */
export function RouteErrorPage() {
  const error = useRouteError();
  console.error(error);

  return (
    <main className="mx-auto max-w-2xl px-4 py-16">
      <h2 className="mb-2 text-2xl font-bold">Unexpected Application Error!</h2>
      <h3 className="text-lg text-muted-foreground italic">{describe(error)}</h3>
      {/* The stack helps while developing; in production it is minified noise. */}
      {process.env.NODE_ENV !== 'production' && error instanceof Error && error.stack && (
        <pre className="mt-6 overflow-x-auto rounded-md bg-muted p-4 text-xs">{error.stack}</pre>
      )}
    </main>
  );
}
