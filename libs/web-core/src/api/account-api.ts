import type { Branding, Profile } from '@coffer/contracts';
import { cofferApi } from './coffer-api';

/**
 * The profile and the account's branding: the shell's top bar shows the avatar and the
 * branding, and mfe-account edits them (its features inject the editing routes on this api).
 */
export const accountApi = cofferApi.injectEndpoints({
  endpoints: (build) => ({
    getProfile: build.query<Profile, void>({ query: () => '/profile', providesTags: ['Profile'] }),
    getBranding: build.query<Branding, void>({ query: () => '/branding', providesTags: ['Branding'] }),
  }),
});

export const { useGetProfileQuery, useGetBrandingQuery } = accountApi;
