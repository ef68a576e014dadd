import type { AddRoleRequest, Branding, ListRolesReply, UpdateBrandingRequest, UserRole } from '@coffer/contracts';
import { accountApi } from '@coffer/web-core/store';

/**
 * The account's settings: user permissions (roles) and branding. Injected on
 * web-core's accountApi, whose `getBranding` (the shell's too) a save updates.
 */
export const settingsApi = accountApi.injectEndpoints({
  endpoints: (build) => ({
    listRoles: build.query<ListRolesReply, void>({ query: () => '/roles', providesTags: ['Roles'] }),
    addRole: build.mutation<UserRole, AddRoleRequest>({
      query: (body) => ({ url: '/roles', method: 'POST', body }),
      invalidatesTags: ['Roles', 'Team'],
    }),
    removeRole: build.mutation<{ ok: true }, string>({
      query: (id) => ({ url: `/roles/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Roles', 'Team'],
    }),
    updateBranding: build.mutation<Branding, UpdateBrandingRequest>({
      query: (body) => ({ url: '/branding', method: 'PUT', body }),
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        dispatch(settingsApi.util.upsertQueryData('getBranding', undefined, data));
      },
    }),
  }),
});

export const { useListRolesQuery, useAddRoleMutation, useRemoveRoleMutation, useUpdateBrandingMutation } = settingsApi;
