import { useState, type DragEvent, type ReactNode } from 'react';
import { Link } from '@coffer/web-core/router';
import { Card, cn } from '@coffer/ui';
import { formatFileSize } from '@coffer/web-core/format';
import type { FileItem } from '@coffer/contracts';
import { DISPLAY_TYPE_ICONS, DISPLAY_TYPE_LABELS, DRAGGED_FILE_TYPE, displayTypeOf, folderSubtitle } from '../../../lib/file-types';
import { COVERING_TITLE, ItemCardHeader } from '../../../components/item-card-header';
import { FileThumbnail } from './file-thumbnail';
import { useFileActions } from '../hooks/use-file-actions';
import type { PreviewTarget } from '../../../hooks/use-file-preview';
import { useOpenFile } from '../hooks/use-open-file';
import { ItemMenuItems, type ItemMenuProps } from './item-menu';

export type { CardMode } from './item-menu';

/** The item a card's drag carries (see onDragStart), or null for anything else dropped. */
function draggedItem(data: string): Pick<FileItem, 'id' | 'isFolder'> | null {
  try {
    const { id, isFolder } = JSON.parse(data) as Partial<FileItem>;
    return typeof id === 'string' && typeof isFolder === 'boolean' ? { id, isFolder } : null;
  } catch {
    return null;
  }
}

type ItemCardProps = Omit<ItemMenuProps, 'onOpen'> & {
  /** "View": the preview dialog (or a download, for a type it cannot show). */
  onView?: (target: PreviewTarget) => void;
  /** Where a folder card opens (the Files tab's browser unless given: a folder shared with the user opens under Shared). */
  folderLink?: (folderId: string) => string;
  /** The card's checkbox, when its list can be selected. */
  select?: ReactNode;
};

export const filesFolderLink = (folderId: string) => `/dashboard/files/${encodeURIComponent(folderId)}`;

/** A file or folder in the grid, with its menu; in the browser, files and folders drag onto folders. */
export function ItemCard({ onView, folderLink = filesFolderLink, select, ...actionsOf }: ItemCardProps) {
  const { item, mode, onShare, viewOnly = false } = actionsOf;
  const actions = useFileActions();
  const openFile = useOpenFile(onView, onShare);
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

  const size = item.isFolder ? folderSubtitle(item) : formatFileSize(item.size);
  // A search result says which folder it is in.
  const subtitle = item.folderPath === undefined ? size : `${size} · in ${item.folderPath}`;
  const menu = { ...actionsOf, onOpen: openFile };

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
        'group relative h-full transition-shadow hover:shadow-md',
        draggable && 'cursor-grab active:cursor-grabbing',
        dropTarget && 'ring-2 ring-primary',
      )}
    >
      {select}
      <ItemCardHeader
        icon={Icon}
        name={item.name}
        media={item.thumbnail ? (icon) => <FileThumbnail item={item} size={40} fallback={icon} /> : undefined}
        title={
          item.isFolder && browsing ? (
            // The link covers the card, so a click anywhere but the menu opens the folder.
            <Link to={folderLink(item.id)} draggable={false} className={COVERING_TITLE}>
              {item.name}
            </Link>
          ) : browsing && onView ? (
            // As a folder's link: a click anywhere but the menu (or Enter on it) opens the file.
            <button type="button" className={cn(COVERING_TITLE, 'w-full cursor-pointer text-left')} onClick={() => openFile(item)}>
              {item.name}
            </button>
          ) : undefined
        }
        subtitle={mode === 'trash' && item.deletedAt ? `${subtitle} · deleted ${new Date(item.deletedAt).toLocaleDateString()}` : subtitle}
      >
        <ItemMenuItems {...menu} />
      </ItemCardHeader>
    </Card>
  );
}
