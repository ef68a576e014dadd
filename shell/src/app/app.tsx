import { BrowserRouter } from '@coffer/web-core/router';
import { Toaster } from '@coffer/ui';
import { restoreSession } from '@coffer/web-core';
import { AppRoutes } from './router';

// Trade the refresh cookie for a session (or settle on signed out) while the first screen renders.
void restoreSession();

export function App() {
  return (
    <>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
      {/* The one Toaster: toast() from the shell or any remote shows here, on every page. */}
      <Toaster />
    </>
  );
}
