import type { ActivityEntry, ListActivityReply } from '@coffer/contracts';
import { cofferApi } from '@coffer/web-core/store';

export type ActivityItem = ActivityEntry;

/** The person's recent activity, with what happened in the team folders they can open, for the dashboard's activity log. */
export const activityApi = cofferApi.injectEndpoints({
  endpoints: (build) => ({
    activity: build.query<ListActivityReply, void>({
      query: () => '/activity',
      providesTags: ['Activity'],
    }),
  }),
});

export const { useActivityQuery } = activityApi;
