import { useParams } from '@coffer/web-core/router';
import { FileBrowser } from '../features/files/components/file-browser';
import { FileRequestDialog } from '../features/sharing/components/file-request-dialog';
import { ShareDialog } from '../features/sharing/components/share-dialog';

/** /dashboard and /dashboard/files/:folderId? */
export function FileBrowserPage() {
  const { folderId } = useParams();
  return <FileBrowser folderId={folderId} shareDialog={ShareDialog} requestDialog={FileRequestDialog} />;
}
