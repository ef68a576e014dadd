import { useState, type DragEvent } from 'react';
import { Link } from '@coffer/web-core/router';
import { Download, Eye, FolderInput, Pencil, RotateCcw, Share2, Trash2, Users, XCircle } from 'lucide-react';
import { Card, cn, DropdownMenuItem, DropdownMenuSeparator } from '@coffer/ui';
import { formatFileSize } from '@coffer/web-core/format';
import type { FileItem } from '@coffer/contracts';
import { DISPLAY_TYPE_ICONS, DISPLAY_TYPE_LABELS, DRAGGED_FILE_TYPE, displayTypeOf, folderSubtitle } from '../../../lib/file-types';
import { ItemCardHeader } from '../../../components/item-card-header';
import { useFileActions } from '../hooks/use-file-actions';
import { downloadAsZip } from '../api/download-as-zip';
import type { PreviewTarget } from '../../../hooks/use-file-preview';

export type CardMode = 'browse' | 'trash';

/** The item a card's drag carries (see onDragStart), or null for anything else dropped. */
function draggedItem(data: string): Pick<FileItem, 'id' | 'isFolder'> | null {
  try {
    const { id, isFolder } = JSON.parse(data) as Partial<FileItem>;
    return typeof id === 'string' && typeof isFolder === 'boolean' ? { id, isFolder } : null;
  } catch {
    return null;
  }
}

interface ItemCardProps {
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
  /** "View": the preview dialog (or a download, for a type it cannot show). */
  onView?: (target: PreviewTarget) => void;
  /** Where the user may only view (Can view in a team folder): no share, rename, move, delete or drag (the server refuses them anyway). */
  viewOnly?: boolean;
  /** Where a folder card opens (the Files tab's browser unless given: a folder shared with the user opens under Shared). */
  folderLink?: (folderId: string) => string;
}

const filesFolderLink = (folderId: string) => `/dashboard/files/${encodeURIComponent(folderId)}`;

/** A file or folder in the grid, with its menu; in the browser, files and folders drag onto folders. */
export function ItemCard({
  item,
  mode,
  onMoveTo,
  onRename,
  onDeleteForever,
  onShare,
  onWhoHasAccess,
  onView,
  viewOnly = false,
  folderLink = filesFolderLink,
}: ItemCardProps) {
  const actions = useFileActions();
  const [dropTarget, setDropTarget] = useState(false);
  const type = displayTypeOf(item);
  const Icon = DISPLAY_TYPE_ICONS[type];
  const browsing = mode === 'browse';
  // Files and folders move by drag and drop (a folder with everything in it).
  const draggable = browsing && !viewOnly;
  const acceptsDrop = draggable && item.isFolder;

  const onDragStart = (event: DragEvent) => {
    event.dataTransfer.setData(DRAGGED_FILE_TYPE, JSON.stringify({ id: item.id, isFolder: item.isFolder }));
    event.dataTransfer.effectAllowed = 'move';
  };
  const onDragOver = (event: DragEvent) => {
    if (!event.dataTransfer.types.includes(DRAGGED_FILE_TYPE)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    setDropTarget(true);
  };
  const onDrop = (event: DragEvent) => {
    setDropTarget(false);
    const dragged = draggedItem(event.dataTransfer.getData(DRAGGED_FILE_TYPE));
    if (!dragged || dragged.id === item.id) return;
    event.preventDefault();
    void actions.move(dragged, item.id);
  };

  const subtitle = item.isFolder ? folderSubtitle(item) : formatFileSize(item.size);
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

  return (
    <Card
      data-testid="file-card"
      aria-label={`${DISPLAY_TYPE_LABELS[type]} ${item.name}`}
      role="group"
      draggable={draggable}
      onDragStart={draggable ? onDragStart : undefined}
      onDragOver={acceptsDrop ? onDragOver : undefined}
      onDragLeave={acceptsDrop ? () => setDropTarget(false) : undefined}
      onDrop={acceptsDrop ? onDrop : undefined}
      className={cn(
        'relative h-full transition-shadow hover:shadow-md',
        draggable && 'cursor-grab active:cursor-grabbing',
        dropTarget && 'ring-2 ring-primary',
      )}
    >
      <ItemCardHeader
        icon={Icon}
        name={item.name}
        title={
          item.isFolder && browsing ? (
            // The link covers the card, so a click anywhere but the menu opens the folder.
            <Link
              to={folderLink(item.id)}
              draggable={false}
              className="block truncate outline-none after:absolute after:inset-0 after:rounded-xl focus-visible:after:ring-2 focus-visible:after:ring-ring"
            >
              {item.name}
            </Link>
          ) : undefined
        }
        subtitle={mode === 'trash' && item.deletedAt ? `${subtitle} · deleted ${new Date(item.deletedAt).toLocaleDateString()}` : subtitle}
      >
        {mode === 'trash' ? (
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
        ) : item.isFolder ? (
          <>
            {!viewOnly && onShare && (
              <DropdownMenuItem onSelect={() => onShare(item)}>
                <Share2 aria-hidden />
                Share
              </DropdownMenuItem>
            )}
            {whoHasAccess}
            {/* A folder downloads as one zip; in a folder shared with the person (opened elsewhere) only file by file. */}
            {folderLink === filesFolderLink && (
              <DropdownMenuItem onSelect={() => void downloadAsZip([item.id])}>
                <Download aria-hidden />
                Download
              </DropdownMenuItem>
            )}
            {editItems}
          </>
        ) : (
          <>
            <DropdownMenuItem
              onSelect={() =>
                onView?.({
                  name: item.name,
                  mimeType: item.mimeType,
                  size: item.size,
                  inlineUrl: actions.link(item, 'inline'),
                  attachmentUrl: actions.link(item, 'attachment'),
                  share: onShare && (() => onShare(item)),
                })
              }
            >
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
            {editItems}
          </>
        )}
      </ItemCardHeader>
    </Card>
  );
}
