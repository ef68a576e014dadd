import { useParams } from '@coffer/web-core/router';
import { ROOT_FOLDER } from '@coffer/contracts';
import { useFolderLevel } from '../hooks/use-folder-level';
import { FileDropZone } from '../features/upload/components/drop-zone';
import { FileBrowser } from '../features/files/components/file-browser';
import { FileRequestDialog } from '../features/sharing/components/file-request-dialog';
import { ShareDialog } from '../features/sharing/components/share-dialog';

/** /dashboard and /dashboard/files/:folderId? */
export function FileBrowserPage() {
  const { folderId } = useParams();
  const { level } = useFolderLevel(folderId ?? ROOT_FOLDER);
  return (
    // Files and folders dropped anywhere on the list are uploaded into the folder it shows.
    <FileDropZone folderId={folderId ?? ROOT_FOLDER} disabled={!level || level === 'view'}>
      <FileBrowser folderId={folderId} shareDialog={ShareDialog} requestDialog={FileRequestDialog} />
    </FileDropZone>
  );
}
