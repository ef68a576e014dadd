import { ROOT_FOLDER, type AccessLevel } from '@coffer/contracts';
import { useGetFolderQuery } from '../api/folders-api';
import { useListTeamFoldersQuery } from '../api/team-folders-api';

/**
 * What the user may do in a folder, for the UI to hide what they cannot (the server decides anyway): all of
 * it in My files; in a team folder's tree, their level in that team folder; in a folder another account shared
 * with them, the share's. Undefined while it is read.
 */
export function useFolderLevel(folderId: string): { level: AccessLevel | undefined; teamFolderId: string | null } {
  const inFolder = folderId !== ROOT_FOLDER;
  const folder = useGetFolderQuery(folderId, { skip: !inFolder });
  const teamFolderId = folder.data?.folder.teamFolderId ?? null;
  const teamFolders = useListTeamFoldersQuery(undefined, { skip: !teamFolderId });
  if (!inFolder) return { level: 'manage', teamFolderId: null };
  if (!folder.data) return { level: undefined, teamFolderId: null };
  if (folder.data.sharedLevel) return { level: folder.data.sharedLevel, teamFolderId: null };
  if (!teamFolderId) return { level: 'manage', teamFolderId: null };
  return { level: teamFolders.data?.items.find((f) => f.id === teamFolderId)?.level, teamFolderId };
}
