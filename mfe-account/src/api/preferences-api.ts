import type { Preferences, UpdatePreferencesRequest } from '@coffer/contracts';
import { cofferApi } from '@coffer/web-core/store';

/** The user's preferences, which two features edit: the email ones (profile) and the general ones (settings). */
export const preferencesApi = cofferApi.injectEndpoints({
  endpoints: (build) => ({
    getPreferences: build.query<Preferences, void>({ query: () => '/preferences', providesTags: ['Preferences'] }),
    updatePreferences: build.mutation<Preferences, UpdatePreferencesRequest>({
      query: (body) => ({ url: '/preferences', method: 'PATCH', body }),
      // Shown at once (a switch flips as it is clicked, and the next change builds on it), undone if the server refuses.
      async onQueryStarted(body, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          preferencesApi.util.updateQueryData('getPreferences', undefined, (draft) => {
            if (body.email) draft.email = { ...draft.email, ...body.email };
            if (body.general) draft.general = { ...draft.general, ...body.general };
          }),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
    }),
  }),
});

export const { useGetPreferencesQuery, useUpdatePreferencesMutation } = preferencesApi;
