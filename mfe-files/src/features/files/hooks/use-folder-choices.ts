import { ROOT_FOLDER } from '@coffer/contracts';
import { useGetFolderQuery, useListFilesQuery } from '../api/files-api';

export interface FolderChoice {
  id: string;
  label: string;
}

/**
 * The folders a file can go to from where the user is: the root, the root's
 * folders, and, inside a nested folder, the folders on its path and the
 * folders it holds. (There is no "every folder" call yet.)
 */
export function useFolderChoices(currentFolderId: string = ROOT_FOLDER): FolderChoice[] {
  const nested = currentFolderId !== ROOT_FOLDER;
  const { data: rootItems } = useListFilesQuery({ folder: ROOT_FOLDER, sort: 'name-asc' });
  const { data: current } = useGetFolderQuery(currentFolderId, { skip: !nested });
  const { data: children } = useListFilesQuery({ folder: currentFolderId, sort: 'name-asc' }, { skip: !nested });

  const choices: FolderChoice[] = [{ id: ROOT_FOLDER, label: 'Root' }];
  const add = (id: string, label: string) => {
    if (!choices.some((choice) => choice.id === id)) choices.push({ id, label });
  };
  for (const item of rootItems?.items ?? []) if (item.isFolder) add(item.id, item.name);
  if (nested && current) {
    const path = [...current.path];
    if (!path.some((step) => step.id === current.folder.id)) path.push({ id: current.folder.id, name: current.folder.name });
    path.forEach((step, index) => add(step.id, path.slice(0, index + 1).map((s) => s.name).join(' / ')));
    const here = path.map((s) => s.name).join(' / ');
    for (const item of children?.items ?? []) if (item.isFolder) add(item.id, `${here} / ${item.name}`);
  }
  return choices;
}
