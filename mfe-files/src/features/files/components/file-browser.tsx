import type { ComponentType } from 'react';
import { Link, useSearchParams } from '@coffer/web-core/router';
import { ArrowLeft } from 'lucide-react';
import { Button } from '@coffer/ui';
import { ROOT_FOLDER, type SortOrder } from '@coffer/contracts';
import { Breadcrumbs } from './breadcrumbs';
import { FileGrid, type ShareDialogComponent } from './file-grid';
import { NewFolderDialog } from './new-folder-dialog';
import { isSortOrder, SortSelect } from './sort-select';
import { ViewToggle } from './view-toggle';
import { useGetFolderQuery } from '../../../api/folders-api';
import { useFileList } from '../hooks/use-file-list';
import { AccessDialog } from './access-dialog';
import { TeamFolders } from './team-folders';
import { useFolderLevel } from '../../../hooks/use-folder-level';
import { useListSelection } from '../hooks/use-list-selection';

/**
 * One folder's folders and files: Back to Files and breadcrumbs inside a folder, New Folder and Request files
 * (where the user may add), Access (where they manage a team folder), sort; at the root, the team folders first.
 */
/** "Request files" for the folder shown (the sharing feature's, given by the page). */
export type FileRequestDialogComponent = ComponentType<{ folderId: string; folderName: string }>;

export function FileBrowser({
  folderId = ROOT_FOLDER,
  shareDialog,
  requestDialog: RequestDialog,
}: {
  folderId?: string;
  shareDialog: ShareDialogComponent;
  requestDialog: FileRequestDialogComponent;
}) {
  const [params, setParams] = useSearchParams();
  const requested = params.get('sort');
  const sort: SortOrder = isSortOrder(requested) ? requested : 'newest';
  const inFolder = folderId !== ROOT_FOLDER;
  const list = useFileList({ folder: folderId, sort });
  const { data: folder } = useGetFolderQuery(folderId, { skip: !inFolder });
  const { level, teamFolderId } = useFolderLevel(folderId);
  const selection = useListSelection({ list, args: { folder: folderId, sort }, mode: 'browse', canEdit: level !== 'view', folderId });

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

  const path = folder
    ? folder.path.some((step) => step.id === folder.folder.id)
      ? folder.path
      : [...folder.path, { id: folder.folder.id, name: folder.folder.name }]
    : [];

  return (
    <section aria-label="Files" className="flex flex-col gap-4">
      {inFolder && (
        <div className="flex flex-col gap-3">
          <div>
            <Button asChild variant="outline" size="sm">
              <Link to="/dashboard/files">
                <ArrowLeft aria-hidden />
                Back to Files
              </Link>
            </Button>
          </div>
          {path.length > 0 && <Breadcrumbs path={path} />}
        </div>
      )}
      {!inFolder && <TeamFolders />}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-2">
          {level && level !== 'view' && <NewFolderDialog parentId={folderId} />}
          {level && level !== 'view' && (!inFolder || folder) && <RequestDialog folderId={folderId} folderName={folder?.folder.name ?? 'My files'} />}
          {level === 'manage' && teamFolderId && folder && (
            <AccessDialog folderId={folderId} folderName={folder.folder.name} isTeamFolder={teamFolderId === folderId} />
          )}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <SortSelect value={sort} onChange={setSort} />
          <ViewToggle />
        </div>
      </div>
      <FileGrid
        list={list}
        mode="browse"
        shareDialog={shareDialog}
        viewOnly={level === 'view'}
        selection={selection}
        empty={level === 'view' ? { title: 'No files in this folder', hint: 'Nothing has been added here yet' } : undefined}
      />
    </section>
  );
}
