import { RouterProvider } from '@coffer/web-core/router';
import { Toaster } from '@coffer/ui';
import { restoreSession } from '@coffer/web-core';
import { router } from './router';

// Trade the refresh cookie for a session (or settle on signed out) while the first screen renders.
void restoreSession();

export function App() {
  return (
    <>
      <RouterProvider router={router} />
      {/* The one Toaster: toast() from the shell or any remote shows here, on every page. */}
      <Toaster />
    </>
  );
}
