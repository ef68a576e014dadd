import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { cofferApi } from '../api/coffer-api';

/**
 * The root reducer. Slices that only a remote needs are added when it loads with
 * `rootReducer.inject(slice)`, so the shell never has to know about them.
 */
export const rootReducer = combineSlices(cofferApi);

export type RootState = ReturnType<typeof rootReducer>;

/** Creates the app's Redux store (the shell creates one and provides it to every remote). */
export function createCofferStore(preloadedState?: Partial<RootState>) {
  const store = configureStore({
    reducer: rootReducer,
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(cofferApi.middleware),
    preloadedState,
  });
  // Refetch on window focus and on reconnect for queries that opt in.
  setupListeners(store.dispatch);
  return store;
}

export type CofferStore = ReturnType<typeof createCofferStore>;
export type AppDispatch = CofferStore['dispatch'];
