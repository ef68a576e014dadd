import { toast } from '@coffer/ui';
import type { FileItem } from '@coffer/contracts';
import { downloadFile, failureToast } from '../../../lib/open-link';
import { useDeleteForeverMutation, useEmptyTrashMutation, useMoveFileMutation, useRestoreFileMutation, useTrashFileMutation } from '../api/files-api';
import { useFileLinkMutation } from '../../../api/file-link-api';

/** What the cards' menus, drag and drop and the trash do, each with the spec's toasts. */
export function useFileActions() {
  const [fileLink] = useFileLinkMutation();
  const [moveFile] = useMoveFileMutation();
  const [trashFile] = useTrashFileMutation();
  const [restoreFile] = useRestoreFileMutation();
  const [deleteForever] = useDeleteForeverMutation();
  const [emptyTrash] = useEmptyTrashMutation();

  return {
    /** A fresh signed URL of the file (each one counts as an access). */
    link: (file: FileItem, disposition: 'inline' | 'attachment') => async () => (await fileLink({ fileId: file.id, disposition }).unwrap()).url,

    /** Saves the file under its name. */
    download: (file: FileItem) => downloadFile(async () => (await fileLink({ fileId: file.id, disposition: 'attachment' }).unwrap()).url, file.name),

    /** Moves a file, or a folder with everything in it. */
    async move(item: Pick<FileItem, 'id' | 'isFolder'>, folderId: string) {
      try {
        await moveFile({ fileId: item.id, folderId }).unwrap();
        toast({ title: item.isFolder ? 'Folder moved successfully' : 'File moved successfully' });
      } catch (error) {
        failureToast(item.isFolder ? 'Failed to move folder' : 'Failed to move file', error);
      }
    },

    async trash(item: FileItem) {
      try {
        await trashFile(item.id).unwrap();
        toast({ title: item.isFolder ? 'Folder moved to trash' : 'File moved to trash' });
      } catch (error) {
        failureToast('Failed to move to trash', error);
      }
    },

    async restore(item: FileItem) {
      try {
        await restoreFile(item.id).unwrap();
        toast({ title: item.isFolder ? 'Folder restored' : 'File restored' });
      } catch (error) {
        failureToast('Failed to restore', error);
      }
    },

    async deleteForever(item: FileItem) {
      try {
        await deleteForever(item.id).unwrap();
        toast({ title: item.isFolder ? 'Folder deleted forever' : 'File deleted forever' });
      } catch (error) {
        failureToast('Failed to delete', error);
      }
    },

    async emptyTrash() {
      try {
        const { deleted } = await emptyTrash().unwrap();
        toast({ title: 'Trash emptied', description: `${deleted} item${deleted === 1 ? '' : 's'} deleted forever` });
      } catch (error) {
        failureToast('Failed to empty trash', error);
      }
    },
  };
}
