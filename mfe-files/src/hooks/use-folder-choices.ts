import { ROOT_FOLDER, type FolderSummary } from '@coffer/contracts';
import { useListFoldersQuery } from '../lib/files-api';

export interface FolderChoice {
  id: string;
  label: string;
}

/** "Projects / 2026 / Q1": a folder's path from the root, for a choice's label. */
function pathLabel(folder: FolderSummary, byId: Map<string, FolderSummary>): string {
  const names: string[] = [];
  let current: FolderSummary | undefined = folder;
  for (let depth = 0; current && depth < 64; depth++) {
    names.unshift(current.name);
    current = current.parentId === ROOT_FOLDER ? undefined : byId.get(current.parentId);
  }
  return names.join(' / ');
}

/** Every folder a file can go to: the root, then all the user's folders by their path. */
export function useFolderChoices(): FolderChoice[] {
  const { data } = useListFoldersQuery();
  const folders = data?.items ?? [];
  const byId = new Map(folders.map((f) => [f.id, f]));
  const choices = folders.map((f) => ({ id: f.id, label: pathLabel(f, byId) })).sort((a, b) => a.label.localeCompare(b.label));
  return [{ id: ROOT_FOLDER, label: 'Root' }, ...choices];
}
