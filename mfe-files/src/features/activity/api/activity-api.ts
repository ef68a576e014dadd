import { cofferApi } from '@coffer/web-core/store';

export interface ActivityItem {
  id: string;
  kind: 'upload' | 'share' | 'delete' | 'download' | 'folder';
  fileName: string;
  occurredAt: string;
}

/** The account's recent activity, for the dashboard's activity log. */
export const activityApi = cofferApi.injectEndpoints({
  endpoints: (build) => ({
    activity: build.query<{ items: ActivityItem[] }, void>({
      query: () => '/activity',
      providesTags: ['Activity'],
    }),
  }),
});

export const { useActivityQuery } = activityApi;
