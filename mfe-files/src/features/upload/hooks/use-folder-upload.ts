import { useRef, useState } from 'react';
import { FOLDER_PATHS_MAX } from '@coffer/contracts';
import { useEnsureFolderPathsMutation } from '../api/folder-paths-api';
import { relativeFolders, type PickedFiles } from '../lib/picked-files';

interface WantedFolder {
  /** The folder the tree goes under: the one a file list showed when it was dropped there, else the dialog's. */
  base?: string;
  path: string[];
}

const keyOf = (base: string, path: string[]) => `${base}\n${path.join('\n')}`;

/**
 * Folder uploads: remembers the tree of what was picked (empty folders too) and where it goes, and before the
 * files are sent makes its folders on the server (a folder of the same name is reused), one request per
 * destination. Answers the folder each file goes into.
 */
export function useFolderUpload() {
  const [ensureFolderPaths] = useEnsureFolderPathsMutation();
  const bases = useRef(new WeakMap<File, string>());
  const [folders, setFolders] = useState<WantedFolder[]>([]);
  const [unreadable, setUnreadable] = useState<string[]>([]);

  /** Keeps what was picked: its folders, and for a drop on a file list the folder it goes into. */
  const remember = (picked: PickedFiles, base?: string) => {
    if (base) for (const file of picked.files) bases.current.set(file, base);
    setFolders((current) => [...current, ...picked.folders.map((path) => ({ base, path }))]);
    setUnreadable(picked.unreadable);
  };

  /** Whether sending these files needs a folder made, or goes anywhere but the dialog's folder (else they go as they are). */
  const placesFiles = (files: File[]) => folders.length > 0 || files.some((file) => relativeFolders(file).length > 0 || bases.current.has(file));

  /** Makes the folders of what is about to be sent (under `folderId` unless dropped elsewhere); answers each file's folder. */
  const prepare = async (files: File[], folderId: string): Promise<(file: File) => string> => {
    const baseOf = (file: File) => bases.current.get(file) ?? folderId;
    const wanted = new Map<string, Map<string, string[]>>();
    const want = (base: string, path: string[]) => {
      if (path.length === 0) return;
      const paths = wanted.get(base) ?? new Map<string, string[]>();
      paths.set(path.join('\n'), path);
      wanted.set(base, paths);
    };
    for (const folder of folders) want(folder.base ?? folderId, folder.path);
    for (const file of files) want(baseOf(file), relativeFolders(file));

    const made = new Map<string, string>();
    for (const [base, paths] of wanted) {
      const all = [...paths.values()];
      for (let start = 0; start < all.length; start += FOLDER_PATHS_MAX) {
        const chunk = all.slice(start, start + FOLDER_PATHS_MAX);
        const { folderIds } = await ensureFolderPaths({ parentId: base, paths: chunk }).unwrap();
        chunk.forEach((path, i) => made.set(keyOf(base, path), folderIds[i]));
      }
    }
    setFolders([]);
    return (file) => {
      const path = relativeFolders(file);
      return path.length > 0 ? made.get(keyOf(baseOf(file), path))! : baseOf(file);
    };
  };

  const reset = () => {
    setFolders([]);
    setUnreadable([]);
  };

  return { remember, placesFiles, prepare, reset, folderCount: folders.length, unreadable };
}
