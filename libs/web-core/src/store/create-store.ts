import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { getSession, subscribeToSession } from '@coffer/web-core';
import { cofferApi } from '../api/coffer-api';

/**
 * The root reducer. Slices that only a remote needs are added when it loads with
 * `rootReducer.inject(slice)`, so the shell never has to know about them.
 * (The session is not in it: it lives in @coffer/web-core's session store.)
 */
export const rootReducer = combineSlices(cofferApi);

export type RootState = ReturnType<typeof rootReducer>;

/** Creates a Redux store for the app (StoreProvider creates the page's one). */
export function createCofferStore(preloadedState?: Partial<RootState>) {
  const store = configureStore({
    reducer: rootReducer,
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(cofferApi.middleware),
    preloadedState,
  });
  // Refetch on window focus and on reconnect for queries that opt in.
  setupListeners(store.dispatch);
  dropCacheOfPreviousUser(() => store.dispatch(cofferApi.util.resetApiState()));
  return store;
}

/**
 * One user's cached answers are never shown to the next: `dropCache` runs when
 * the user signs out or changes. Not at once: resetting aborts every call under
 * way, the sign-out or sign-in that caused it included.
 */
function dropCacheOfPreviousUser(dropCache: () => void): void {
  let userId = getSession().user?.id;
  subscribeToSession(() => {
    const previous = userId;
    userId = getSession().user?.id;
    if (previous && previous !== userId) setTimeout(dropCache, 0);
  });
}

export type CofferStore = ReturnType<typeof createCofferStore>;
export type AppDispatch = CofferStore['dispatch'];
