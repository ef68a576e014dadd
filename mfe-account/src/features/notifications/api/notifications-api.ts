import { cofferApi } from '@coffer/web-core/store';
import type { ListNotificationsReply } from '@coffer/contracts';

/** The caller's notifications: the latest 50 and the unread count; realtime pushes invalidate the tag. */
export const notificationsApi = cofferApi.injectEndpoints({
  endpoints: (build) => ({
    listNotifications: build.query<ListNotificationsReply, void>({
      query: () => '/notifications',
      providesTags: ['Notification'],
    }),
    markNotificationRead: build.mutation<{ ok: true }, string>({
      query: (notificationId) => ({ url: `/notifications/${notificationId}/read`, method: 'POST' }),
      invalidatesTags: ['Notification'],
    }),
    markAllNotificationsRead: build.mutation<{ updated: number }, void>({
      query: () => ({ url: '/notifications/read-all', method: 'POST' }),
      invalidatesTags: ['Notification'],
    }),
  }),
});

export const { useListNotificationsQuery, useMarkNotificationReadMutation, useMarkAllNotificationsReadMutation } = notificationsApi;
