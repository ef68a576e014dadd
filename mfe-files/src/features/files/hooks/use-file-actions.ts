import { toast } from '@coffer/ui';
import { toApiError } from '@coffer/web-core/store';
import type { FileItem } from '@coffer/contracts';
import {
  useDeleteForeverMutation,
  useEmptyTrashMutation,
  useFileLinkMutation,
  useMoveFileMutation,
  useRestoreFileMutation,
  useTrashFileMutation,
} from '../api/files-api';

/** The server's reason, shown under the spec's title. */
const failure = (title: string, error: unknown) => {
  const { message } = toApiError(error);
  toast({ variant: 'destructive', title, description: message ?? undefined });
};

/** What the cards' menus, drag and drop and the trash do, each with the spec's toasts. */
export function useFileActions() {
  const [fileLink] = useFileLinkMutation();
  const [moveFile] = useMoveFileMutation();
  const [trashFile] = useTrashFileMutation();
  const [restoreFile] = useRestoreFileMutation();
  const [deleteForever] = useDeleteForeverMutation();
  const [emptyTrash] = useEmptyTrashMutation();

  return {
    /** Opens the file in a new tab through an inline signed URL. */
    async view(file: FileItem) {
      // Opened now, while the click still counts as the user's: a tab opened after the await would be blocked.
      const tab = window.open('', '_blank');
      try {
        const { url } = await fileLink({ fileId: file.id, disposition: 'inline' }).unwrap();
        if (tab) {
          tab.opener = null;
          tab.location.href = url;
        } else {
          window.open(url, '_blank', 'noopener');
        }
        toast({ title: 'Opening file' });
      } catch (error) {
        tab?.close();
        failure('Failed to view file', error);
      }
    },

    /** Saves the file under its name (the signed URL answers with Content-Disposition: attachment). */
    async download(file: FileItem) {
      try {
        const { url } = await fileLink({ fileId: file.id, disposition: 'attachment' }).unwrap();
        const link = document.createElement('a');
        link.href = url;
        link.download = file.name;
        link.rel = 'noopener';
        document.body.append(link);
        link.click();
        link.remove();
        toast({ title: 'File downloaded' });
      } catch (error) {
        failure('Failed to download file', error);
      }
    },

    async move(fileId: string, folderId: string) {
      try {
        await moveFile({ fileId, folderId }).unwrap();
        toast({ title: 'File moved successfully' });
      } catch (error) {
        failure('Failed to move file', error);
      }
    },

    async trash(item: FileItem) {
      try {
        await trashFile(item.id).unwrap();
        toast({ title: item.isFolder ? 'Folder moved to trash' : 'File moved to trash' });
      } catch (error) {
        failure('Failed to move to trash', error);
      }
    },

    async restore(item: FileItem) {
      try {
        await restoreFile(item.id).unwrap();
        toast({ title: item.isFolder ? 'Folder restored' : 'File restored' });
      } catch (error) {
        failure('Failed to restore', error);
      }
    },

    async deleteForever(item: FileItem) {
      try {
        await deleteForever(item.id).unwrap();
        toast({ title: item.isFolder ? 'Folder deleted forever' : 'File deleted forever' });
      } catch (error) {
        failure('Failed to delete', error);
      }
    },

    async emptyTrash() {
      try {
        const { deleted } = await emptyTrash().unwrap();
        toast({ title: 'Trash emptied', description: `${deleted} item${deleted === 1 ? '' : 's'} deleted forever` });
      } catch (error) {
        failure('Failed to empty trash', error);
      }
    },
  };
}
