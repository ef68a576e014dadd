import { Link } from 'react-router-dom';
import { ArrowLeft, FolderOpen } from 'lucide-react';
import { Button, Spinner } from '@coffer/ui';
import { ROOT_FOLDER } from '@coffer/contracts';
import { useListFilesQuery } from '../api/list-files';
import { FolderCard } from './folder-card';
import { FileCard } from './file-card';

/** The grid of one folder's folders and files, with its loading, error and empty states. */
export function FileBrowser({ folderId = ROOT_FOLDER }: { folderId?: string }) {
  const { data, isLoading, isError, refetch, isFetching } = useListFilesQuery({ folder: folderId });
  const inFolder = folderId !== ROOT_FOLDER;

  return (
    <section aria-label="Files" className="flex flex-col gap-4">
      {inFolder && (
        <div>
          <Button asChild variant="outline" size="sm">
            <Link to="/dashboard/files">
              <ArrowLeft aria-hidden />
              Back to Files
            </Link>
          </Button>
        </div>
      )}

      {isLoading ? (
        <div className="flex items-center gap-2 py-12 text-muted-foreground">
          <Spinner label="Loading files" />
          <span>Loading files...</span>
        </div>
      ) : isError ? (
        <div role="alert" className="flex flex-col items-start gap-3 rounded-xl border border-border bg-background p-6">
          <p className="font-medium text-destructive">Failed to load files</p>
          <Button variant="outline" size="sm" disabled={isFetching} onClick={() => void refetch()}>
            Try again
          </Button>
        </div>
      ) : data && data.items.length > 0 ? (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
          {data.items.map((item) => (
            <li key={item.id}>{item.isFolder ? <FolderCard folder={item} /> : <FileCard file={item} />}</li>
          ))}
        </ul>
      ) : (
        <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-border bg-background py-12 text-center">
          <FolderOpen aria-hidden className="size-10 text-muted-foreground" />
          <p className="font-medium">No files in this folder</p>
          <p className="text-sm text-muted-foreground">Upload files to get started</p>
        </div>
      )}
    </section>
  );
}
