import { createApi } from '@reduxjs/toolkit/query/react';
import { sessionBaseQuery } from './base-query';

/** Cache tags every remote invalidates or provides; realtime pushes invalidate them too. */
export const COFFER_TAG_TYPES = [
  'File',
  'Folder',
  'Storage',
  'Activity',
  'Notification',
  'Share',
  'Session',
  'Plan',
  'Health',
  'Profile',
  'Preferences',
  'Team',
  'Roles',
  'Branding',
  /** Invitations to the signed-in user's own address (the dashboard's banner). */
  'Invitation',
  /** Unfinished multipart uploads (to resume or discard). */
  'Upload',
] as const;
export type CofferTagType = (typeof COFFER_TAG_TYPES)[number];

/** What belongs to the user's account and role: fetched again when a refused token is renewed (they may have joined or left an account). */
export const ACCOUNT_TAGS: CofferTagType[] = ['Profile', 'Branding', 'Team', 'Roles', 'Invitation', 'Plan', 'Storage', 'File', 'Folder', 'Share', 'Activity'];

/**
 * The one RTK Query api of Coffer. Each endpoint is declared once: a remote adds
 * its endpoints with `cofferApi.injectEndpoints` in `src/features/<feature>/api/`
 * of the feature that calls them (in its `src/api/` when several of its features
 * do); the few that the shell and several remotes call are web-core's
 * (`src/api/`). Every call carries the session's access token (see sessionBaseQuery).
 */
export const cofferApi = createApi({
  reducerPath: 'cofferApi',
  baseQuery: sessionBaseQuery((api) => api.dispatch(cofferApi.util.invalidateTags(ACCOUNT_TAGS))),
  tagTypes: COFFER_TAG_TYPES,
  endpoints: () => ({}),
});
