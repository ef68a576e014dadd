import { Download, Eye, FolderInput, History, Pencil, RotateCcw, Share2, Trash2, Users, XCircle } from 'lucide-react';
import { DropdownMenuItem, DropdownMenuSeparator } from '@coffer/ui';
import type { FileItem } from '@coffer/contracts';
import { useFileActions } from '../hooks/use-file-actions';
import { downloadAsZip } from '../api/download-as-zip';

export type CardMode = 'browse' | 'trash';

export interface ItemMenuProps {
  item: FileItem;
  mode: CardMode;
  /** Opens the "Move to…" dialog for a file or a folder. */
  onMoveTo?: (item: FileItem) => void;
  /** Opens the Rename dialog for a file or a folder. */
  onRename?: (item: FileItem) => void;
  /** Asks before deleting an item of the trash for good. */
  onDeleteForever?: (item: FileItem) => void;
  /** Opens the Share dialog for a file or a folder. */
  onShare?: (file: FileItem) => void;
  /** Opens "Who has access" for a file or a folder. */
  onWhoHasAccess?: (item: FileItem) => void;
  /** Opens a file's Versions. */
  onVersions?: (file: FileItem) => void;
  /** "View": the preview (or a download, for a type it cannot show). */
  onOpen: (file: FileItem) => void;
  /** Where the user may only view (Can view in a team folder): no share, rename, move or delete (the server refuses them anyway). */
  viewOnly?: boolean;
}

/** The entries of an item's actions menu, the same on its card and its row of the list view. */
export function ItemMenuItems({
  item,
  mode,
  onMoveTo,
  onRename,
  onDeleteForever,
  onShare,
  onWhoHasAccess,
  onVersions,
  onOpen,
  viewOnly = false,
}: ItemMenuProps) {
  const actions = useFileActions();
  // Who has access: for everyone who can open the item.
  const whoHasAccess = onWhoHasAccess && (
    <DropdownMenuItem onSelect={() => onWhoHasAccess(item)}>
      <Users aria-hidden />
      Who has access
    </DropdownMenuItem>
  );
  // Rename, Move to… and Delete: for those who may edit where the item is.
  const editItems = viewOnly ? null : (
    <>
      <DropdownMenuItem onSelect={() => onRename?.(item)}>
        <Pencil aria-hidden />
        Rename
      </DropdownMenuItem>
      <DropdownMenuItem onSelect={() => onMoveTo?.(item)}>
        <FolderInput aria-hidden />
        Move to…
      </DropdownMenuItem>
      <DropdownMenuSeparator />
      <DropdownMenuItem className="text-destructive" onSelect={() => void actions.trash(item)}>
        <Trash2 aria-hidden />
        Delete
      </DropdownMenuItem>
    </>
  );

  if (mode === 'trash') {
    return (
      <>
        <DropdownMenuItem onSelect={() => void actions.restore(item)}>
          <RotateCcw aria-hidden />
          Restore
        </DropdownMenuItem>
        <DropdownMenuItem className="text-destructive" onSelect={() => onDeleteForever?.(item)}>
          <XCircle aria-hidden />
          Delete forever
        </DropdownMenuItem>
      </>
    );
  }
  if (item.isFolder) {
    return (
      <>
        {!viewOnly && onShare && (
          <DropdownMenuItem onSelect={() => onShare(item)}>
            <Share2 aria-hidden />
            Share
          </DropdownMenuItem>
        )}
        {whoHasAccess}
        <DropdownMenuItem onSelect={() => void downloadAsZip([item.id])}>
          <Download aria-hidden />
          Download
        </DropdownMenuItem>
        {editItems}
      </>
    );
  }
  return (
    <>
      <DropdownMenuItem onSelect={() => onOpen(item)}>
        <Eye aria-hidden />
        View
      </DropdownMenuItem>
      {!viewOnly && (
        <DropdownMenuItem onSelect={() => onShare?.(item)}>
          <Share2 aria-hidden />
          Share
        </DropdownMenuItem>
      )}
      {whoHasAccess}
      <DropdownMenuItem onSelect={() => void actions.download(item)}>
        <Download aria-hidden />
        Download
      </DropdownMenuItem>
      {onVersions && (
        <DropdownMenuItem onSelect={() => onVersions(item)}>
          <History aria-hidden />
          Versions
        </DropdownMenuItem>
      )}
      {editItems}
    </>
  );
}
