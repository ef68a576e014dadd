import { ROOT_FOLDER, type AccessLevel } from '@coffer/contracts';
import { useGetFolderQuery } from '../api/folders-api';

/**
 * What the user may do in a folder, for the UI to hide what they cannot (the server decides anyway): all of
 * it at the root of My files; inside a folder, the level the files service gives them there (in a team
 * folder, from the nearest access list: a restricted folder's, or the team folder's; in a folder another
 * account shared with them, the share's). Undefined while it is read.
 */
export function useFolderLevel(folderId: string): { level: AccessLevel | undefined; teamFolderId: string | null } {
  const inFolder = folderId !== ROOT_FOLDER;
  const folder = useGetFolderQuery(folderId, { skip: !inFolder });
  if (!inFolder) return { level: 'manage', teamFolderId: null };
  if (!folder.data) return { level: undefined, teamFolderId: null };
  if (folder.data.sharedLevel) return { level: folder.data.sharedLevel, teamFolderId: null };
  return { level: folder.data.level, teamFolderId: folder.data.folder.teamFolderId ?? null };
}
