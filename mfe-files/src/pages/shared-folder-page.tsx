import { Link, useSearchParams } from '@coffer/web-core/router';
import { ArrowLeft, Download, FolderX } from 'lucide-react';
import { Badge, Button } from '@coffer/ui';
import type { SortOrder } from '@coffer/contracts';
import { useGetFolderQuery } from '../api/folders-api';
import { downloadAsZip } from '../features/files/api/download-as-zip';
import { Breadcrumbs } from '../features/files/components/breadcrumbs';
import { FileGrid } from '../features/files/components/file-grid';
import { FileDropZone } from '../features/upload/components/drop-zone';
import { NewFolderDialog } from '../features/files/components/new-folder-dialog';
import { isSortOrder, SortSelect } from '../features/files/components/sort-select';
import { useFileList } from '../features/files/hooks/use-file-list';
import { SHARE_LEVEL_LABELS } from '../features/sharing/components/share-dialog';
import { sharedFolderLink } from '../features/sharing/lib/shared-folder-link';

/** Whether a query failed with "not found" (the share was revoked, or never was). */
const notFound = (error: unknown) => typeof error === 'object' && error !== null && 'status' in error && error.status === 404;

/**
 * /dashboard/shared/:folderId: a folder another account shared with the user (or a folder inside it). Breadcrumbs
 * start at the shared folder; files open and download, and the folder (or a folder in it) downloads as one zip, each zip
 * one access of the share; with Can edit, Upload and New Folder. The cards offer no
 * rename, move, delete or share. Revoked, it says so at once (a share push makes the listing stale; the server
 * answers "not found").
 */
export function SharedFolderPage({ folderId }: { folderId: string }) {
  const [params, setParams] = useSearchParams();
  const requested = params.get('sort');
  const sort: SortOrder = isSortOrder(requested) ? requested : 'newest';
  const folder = useGetFolderQuery(folderId);
  const list = useFileList({ folder: folderId, sort });
  const level = folder.data?.sharedLevel;
  const gone = notFound(folder.error);

  const setSort = (next: SortOrder) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'newest') updated.delete('sort');
        else updated.set('sort', next);
        return updated;
      },
      { replace: true },
    );

  return (
    <section aria-label="Shared folder" className="flex flex-col gap-4">
      <div className="flex flex-col gap-3">
        <div>
          <Button asChild variant="outline" size="sm">
            <Link to="/dashboard/shared">
              <ArrowLeft aria-hidden />
              Back to Shared
            </Link>
          </Button>
        </div>
        {folder.data && !gone && <Breadcrumbs path={folder.data.path} root={{ label: 'Shared', to: '/dashboard/shared' }} folderLink={sharedFolderLink} />}
      </div>
      {gone ? (
        <div role="alert" className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-border bg-background px-4 py-12 text-center">
          <FolderX aria-hidden className="size-10 text-muted-foreground" />
          <p className="font-medium">This folder is no longer shared with you</p>
          <p className="text-sm text-muted-foreground">Ask the person who shared it to share it again.</p>
        </div>
      ) : (
        <>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <div className="flex flex-wrap items-center gap-2">
              {level && <Badge variant="outline">{SHARE_LEVEL_LABELS[level]}</Badge>}
              {/* Upload is the top bar's, into this folder. */}
              {level === 'edit' && <NewFolderDialog parentId={folderId} />}
              {level && (
                <Button variant="outline" size="sm" onClick={() => void downloadAsZip([folderId])}>
                  <Download aria-hidden />
                  Download (zip)
                </Button>
              )}
            </div>
            <SortSelect value={sort} onChange={setSort} />
          </div>
          <FileDropZone folderId={folderId} disabled={level !== 'edit'}>
            <FileGrid
              list={list}
              mode="browse"
              viewOnly
              folderLink={sharedFolderLink}
              empty={{ title: 'No files in this folder', hint: level === 'edit' ? 'Upload files to add them here' : 'Nothing has been added here yet' }}
            />
          </FileDropZone>
        </>
      )}
    </section>
  );
}
