import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import { Toaster } from '@coffer/ui';
import { createCofferStore, restoreSession } from '@coffer/web-core';
import { router } from './router';

// One store for the whole page: remotes reach it through the shared react-redux and web-core.
const store = createCofferStore();
// Trade the refresh cookie for a session (or settle on signed out) while the first screen renders.
void store.dispatch(restoreSession());

export function App() {
  return (
    <Provider store={store}>
      <RouterProvider router={router} />
      {/* The one Toaster: toast() from the shell or any remote shows here, on every page. */}
      <Toaster />
    </Provider>
  );
}
