import { toast } from '@coffer/ui';
import { BULK_ITEMS_MAX, type BulkRefusal, type FileItem } from '@coffer/contracts';
import { failureToast } from '../../../lib/open-link';
import type { FileListArgs } from '../api/files-api';
import { useBulkActionMutation, useLazyListIdsQuery, type BulkAction } from '../api/bulk-actions-api';
import { idsToActOn, type Selection } from '../lib/selection';
import { outcomeToast } from '../lib/outcome';

/** Runs an action on a selection of a list: its ids (all of the list's, read page by page, for "Select all"), sent in as few requests as the server takes, with the toast of what happened. */
export function useSelectionActions() {
  const [bulkAction] = useBulkActionMutation();
  const [listIds] = useLazyListIdsQuery();
  return async function act(action: BulkAction, selection: Selection, list: FileListArgs, loaded: FileItem[], folderId?: string): Promise<boolean> {
    try {
      const ids = idsToActOn(selection, selection.all ? await listIds(list).unwrap() : []);
      let done = 0;
      const refused: BulkRefusal[] = [];
      for (let start = 0; start < ids.length; start += BULK_ITEMS_MAX) {
        const reply = await bulkAction({ action, items: ids.slice(start, start + BULK_ITEMS_MAX), folderId }).unwrap();
        done += reply.done.length;
        refused.push(...reply.refused);
      }
      const one = ids.length === 1 ? loaded.find((i) => i.id === ids[0]) : undefined;
      toast(outcomeToast(action, done, refused, one && (one.isFolder ? 'Folder' : 'File')));
      return true;
    } catch (error) {
      failureToast(outcomeToast(action, 0, [], undefined).title, error);
      return false;
    }
  };
}
