/** Where a folder shared with the user opens: under Shared (its breadcrumbs start at the shared folder). */
export const sharedFolderLink = (folderId: string) => `/dashboard/shared/${encodeURIComponent(folderId)}`;
