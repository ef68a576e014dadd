import type { FileViewLayout, Preferences } from '@coffer/contracts';
import { cofferApi } from '@coffer/web-core/store';

/** The user's file view (grid or list), kept with their preferences on the server so it follows them to another browser. */
export const viewPreferenceApi = cofferApi.injectEndpoints({
  endpoints: (build) => ({
    fileViewPreference: build.query<FileViewLayout, void>({
      query: () => '/preferences',
      transformResponse: (reply: Preferences) => reply.fileView,
      providesTags: ['Preferences'],
    }),
    saveFileView: build.mutation<Preferences, FileViewLayout>({
      query: (fileView) => ({ url: '/preferences', method: 'PATCH', body: { fileView } }),
      // The lists change at once; read again from the server if it refuses.
      async onQueryStarted(fileView, { dispatch, queryFulfilled }) {
        void dispatch(viewPreferenceApi.util.upsertQueryData('fileViewPreference', undefined, fileView));
        try {
          await queryFulfilled;
        } catch {
          dispatch(viewPreferenceApi.util.invalidateTags(['Preferences']));
        }
      },
    }),
  }),
});

export const { useFileViewPreferenceQuery, useSaveFileViewMutation } = viewPreferenceApi;
