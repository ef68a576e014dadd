import { FileGrid } from '../features/files/components/file-grid';
import { ShareDialog } from '../features/sharing/components/share-dialog';
import { useFileList } from '../features/files/hooks/use-file-list';

/** /dashboard/recent: the files last viewed, downloaded or uploaded, newest first. */
export function RecentFilesPage() {
  const list = useFileList({ view: 'recent' });
  return (
    <section aria-label="Recent files" className="flex flex-col gap-4">
      <FileGrid
        list={list}
        mode="browse"
        shareDialog={ShareDialog}
        label="Recent files"
        empty={{ title: 'No recent files', hint: 'Files you upload, view or download appear here' }}
      />
    </section>
  );
}
