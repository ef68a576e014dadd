import { useAccountPlanQuery } from '@coffer/web-core/store';
import { ROOT_FOLDER, type FolderPath } from '@coffer/contracts';
import { planFeatures } from '@coffer/plans';
import { useGetFolderQuery } from '../../../api/folders-api';

/**
 * The largest file an upload from the folder the person is in may be, as the server will judge it: their
 * account's plan; in a folder another account shared with them (Can edit), the sharer's plan, since the files
 * count against the sharer's account. `known` once it has been read (the trial's limit if it cannot be).
 */
export function useUploadLimits(currentFolderId: string): { maxFileBytes: number; known: boolean; sharedFolder?: FolderPath } {
  const inFolder = currentFolderId !== ROOT_FOLDER;
  const folder = useGetFolderQuery(currentFolderId, { skip: !inFolder });
  const sharedFolder = folder.data?.sharedLevel ? folder.data : undefined;
  const plan = useAccountPlanQuery(undefined, { skip: sharedFolder !== undefined });
  const folderKnown = !inFolder || folder.data !== undefined || folder.isError;
  if (sharedFolder) return { maxFileBytes: sharedFolder.sharerMaxFileBytes ?? planFeatures(null).maxFileBytes, known: true, sharedFolder };
  return {
    maxFileBytes: (plan.data?.features ?? planFeatures(null)).maxFileBytes,
    known: folderKnown && (plan.data !== undefined || plan.isError),
  };
}
