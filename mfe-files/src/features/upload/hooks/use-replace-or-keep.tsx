import { useRef, useState } from 'react';
import type { OnExisting } from '@coffer/contracts';
import { useLazyNamesInQuery } from '../../../api/versions-api';
import { ReplaceOrKeepDialog } from '../components/replace-or-keep-dialog';

/** What the user chose for each clashing name (lower case), or null when they went back. */
export type ExistingChoices = ReadonlyMap<string, OnExisting>;

/**
 * Before an upload: which chosen names a file in the destination folder already has (any case), and, when some
 * do, the question "Replace or Keep both" for them. `ask` resolves with the choices (empty: no clash), or null when
 * the user went back; `question` is the dialog to render.
 */
export function useReplaceOrKeep() {
  const [namesIn] = useLazyNamesInQuery();
  const [clashes, setClashes] = useState<string[]>([]);
  const answer = useRef<(choices: ExistingChoices | null) => void>(undefined);

  /** The names of `names` a file in `folder` has: from the folder's listing, or (a big folder) a search per name. */
  const clashing = async (folder: string, names: string[]): Promise<string[]> => {
    const page = await namesIn({ folder }).unwrap();
    const taken = new Set(page.items.filter((i) => !i.isFolder).map((i) => i.name.toLowerCase()));
    if (page.next) {
      for (const name of names) {
        const found = await namesIn({ folder, q: name.slice(0, 200) }).unwrap();
        for (const i of found.items) if (!i.isFolder && i.folderId === folder) taken.add(i.name.toLowerCase());
      }
    }
    return [...new Set(names.filter((n) => taken.has(n.toLowerCase())))];
  };

  const ask = async (folder: string, names: string[]): Promise<ExistingChoices | null> => {
    // The folder could not be read: the server keeps both, as it always did.
    const found = await clashing(folder, names).catch(() => []);
    if (found.length === 0) return new Map();
    setClashes(found);
    return new Promise((resolve) => {
      answer.current = (choices) => {
        setClashes([]);
        resolve(choices);
      };
    });
  };

  const question = <ReplaceOrKeepDialog names={clashes} onAnswer={(choices) => answer.current?.(choices)} />;
  return { ask, question };
}
