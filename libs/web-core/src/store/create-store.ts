import { combineSlices, configureStore, type Middleware } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { cofferApi } from '../api/coffer-api';
import { sessionSlice, type SessionState } from '../auth/session-slice';

/**
 * The root reducer. Slices that only a remote needs are added when it loads with
 * `rootReducer.inject(slice)`, so the shell never has to know about them.
 */
export const rootReducer = combineSlices(cofferApi, sessionSlice);

export type RootState = ReturnType<typeof rootReducer>;

/**
 * One user's cached answers are never shown to the next: the cache is dropped
 * when the user signs out or changes. Not at once: resetting aborts every call
 * under way, the sign-out or sign-in that caused it included.
 */
const dropCacheOfPreviousUser: Middleware<object, { session: SessionState }> = (store) => (next) => (action) => {
  const before = store.getState().session.user?.id;
  const result = next(action);
  const after = store.getState().session.user?.id;
  if (before && before !== after) setTimeout(() => store.dispatch(cofferApi.util.resetApiState()), 0);
  return result;
};

/** Creates the app's Redux store (the shell creates one and provides it to every remote). */
export function createCofferStore(preloadedState?: Partial<RootState>) {
  const store = configureStore({
    reducer: rootReducer,
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(cofferApi.middleware, dropCacheOfPreviousUser),
    preloadedState,
  });
  // Refetch on window focus and on reconnect for queries that opt in.
  setupListeners(store.dispatch);
  return store;
}

export type CofferStore = ReturnType<typeof createCofferStore>;
export type AppDispatch = CofferStore['dispatch'];
