import { useParams } from '@coffer/web-core/router';
import { FileBrowser } from '../features/files/components/file-browser';

/** /dashboard and /dashboard/files/:folderId? */
export function FileBrowserPage() {
  const { folderId } = useParams();
  return <FileBrowser folderId={folderId} />;
}
