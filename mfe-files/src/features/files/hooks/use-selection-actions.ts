import { toast } from '@coffer/ui';
import { BULK_ITEMS_MAX, ZIP_MAX_ITEMS, type BulkRefusal, type FileItem } from '@coffer/contracts';
import { failureToast } from '../../../lib/open-link';
import type { FileListArgs } from '../api/files-api';
import { useBulkActionMutation, useLazyListIdsQuery, type BulkAction } from '../api/bulk-actions-api';
import { idsToActOn, type Selection } from '../lib/selection';
import { outcomeToast } from '../lib/outcome';
import { downloadAsZip } from '../api/download-as-zip';

/**
 * Runs an action on a selection of a list: its ids (all of the list's, read page by page, for "Select all"), sent in
 * as few requests as the server takes, with the toast of what happened; or downloads the selection as one zip.
 */
export function useSelectionActions() {
  const [bulkAction] = useBulkActionMutation();
  const [listIds] = useLazyListIdsQuery();
  const idsOf = async (selection: Selection, list: FileListArgs) => idsToActOn(selection, selection.all ? await listIds(list).unwrap() : []);

  async function act(action: BulkAction, selection: Selection, list: FileListArgs, loaded: FileItem[], folderId?: string): Promise<boolean> {
    try {
      const ids = await idsOf(selection, list);
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
  }

  /** The selection as one zip (the server leaves out what the person cannot view). */
  async function download(selection: Selection, list: FileListArgs): Promise<void> {
    try {
      const ids = await idsOf(selection, list);
      if (ids.length > ZIP_MAX_ITEMS) {
        toast({
          variant: 'destructive',
          title: 'Failed to download file',
          description: `At most ${ZIP_MAX_ITEMS.toLocaleString('en-US')} items can be downloaded as one zip: download their folder instead.`,
        });
        return;
      }
      await downloadAsZip(ids);
    } catch (error) {
      failureToast('Failed to download file', error);
    }
  }

  return { act, download };
}
