import { cofferApi } from '@coffer/web-core/store';

/** A file's thumbnail, as the list gave it: the file and the thumbnail's version. */
export interface ThumbnailArgs {
  fileId: string;
  version: string;
}

/**
 * Thumbnails, read with the session like every request (GET /api/files/{id}/thumbnail, kept privately by the
 * browser's cache per version) and shown from an object URL, given back once no card shows it for a while.
 */
export const thumbnailsApi = cofferApi.injectEndpoints({
  endpoints: (build) => ({
    fileThumbnail: build.query<string, ThumbnailArgs>({
      query: ({ fileId, version }) => ({
        url: `/files/${encodeURIComponent(fileId)}/thumbnail`,
        params: { v: version },
        responseHandler: async (response) => (response.ok ? URL.createObjectURL(await response.blob()) : response.json()),
      }),
      keepUnusedDataFor: 120,
      async onCacheEntryAdded(_args, { cacheDataLoaded, cacheEntryRemoved }) {
        const loaded = await cacheDataLoaded.catch(() => undefined);
        await cacheEntryRemoved;
        if (loaded) URL.revokeObjectURL(loaded.data);
      },
    }),
  }),
});

export const { useFileThumbnailQuery } = thumbnailsApi;
