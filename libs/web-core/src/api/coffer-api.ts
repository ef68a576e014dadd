import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';

/** Cache tags every remote invalidates or provides; realtime pushes invalidate them too. */
export const COFFER_TAG_TYPES = [
  'File',
  'Folder',
  'Storage',
  'Activity',
  'Notification',
  'Share',
  'Session',
  'Health',
] as const;
export type CofferTagType = (typeof COFFER_TAG_TYPES)[number];

/** All HTTP calls go to the same origin under /api (the shell's server proxies it to the gateway). */
export const API_BASE_URL = '/api';

const baseQuery = fetchBaseQuery({
  baseUrl: API_BASE_URL,
  credentials: 'same-origin',
});

/**
 * The one RTK Query api of Coffer. It starts with no endpoints: each remote adds
 * its own with `cofferApi.injectEndpoints` in `src/features/<feature>/api/`.
 */
export const cofferApi = createApi({
  reducerPath: 'cofferApi',
  baseQuery,
  tagTypes: COFFER_TAG_TYPES,
  endpoints: () => ({}),
});
