import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import { createCofferStore } from '@coffer/web-core';
import { router } from './router';

// One store for the whole page: remotes reach it through the shared react-redux and web-core.
const store = createCofferStore();

export function App() {
  return (
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>
  );
}
