import { useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { VirtualCards, VIRTUAL_AFTER } from './virtual-cards';
import { FolderOpen } from 'lucide-react';
import { Button, DialogFocusReturn, Spinner } from '@coffer/ui';
import type { FileItem } from '@coffer/contracts';
import { filesFolderLink, ItemCard, type CardMode } from './item-card';
import { MoveToDialog } from './move-to-dialog';
import { RenameDialog } from './rename-dialog';
import { ConfirmDialog } from './confirm-dialog';
import { WhoHasAccessDialog } from './who-has-access-dialog';
import { VersionsDialog } from './versions-dialog';
import { useFileActions } from '../hooks/use-file-actions';
import { useFilePreview, type PreviewTarget } from '../../../hooks/use-file-preview';
import { FilePreviewDialog } from '../../../components/file-preview-dialog';
import { type FileList } from '../hooks/use-file-list';
import { FileListRows, ItemRow } from './file-list-rows';
import { useViewPreference } from '../hooks/use-view-preference';
import { useListKeys } from '../hooks/use-list-keys';
import { KeyboardShortcutsDialog } from './keyboard-shortcuts-dialog';

/** The Share File dialog, from the sharing feature: the page that shows the grid hands it over. */
export type ShareDialogComponent = ComponentType<{ file: FileItem | null; onClose: () => void }>;

interface FileGridProps {
  list: FileList;
  /** Opened by a card's Share. */
  shareDialog?: ShareDialogComponent;
  mode: CardMode;
  empty?: { title: string; hint: string };
  label?: string;
  /** Where the user may only view (Can view in a team folder): the cards offer no change. */
  viewOnly?: boolean;
  /** Where a folder card opens (see ItemCard). */
  folderLink?: (folderId: string) => string;
  /** Each card's checkbox and the selection bar above the list (useListSelection). */
  selection?: {
    selectFor: (item: FileItem) => ReactNode;
    bar: ReactNode;
    toggleItem?: (item: FileItem, range: boolean) => void;
    extend?: (from: FileItem, to: FileItem) => void;
  };
  children?: ReactNode;
}

const DEFAULT_EMPTY = { title: 'No files in this folder', hint: 'Upload files to get started' };

/** A list of cards with its loading, error and empty states, and the dialogs its menus open. */
export function FileGrid({
  list,
  mode,
  shareDialog: ShareDialog,
  empty = DEFAULT_EMPTY,
  label = 'Files',
  viewOnly = false,
  folderLink,
  selection,
}: FileGridProps) {
  const { isLoading, isError, isFetching } = list;
  const items = list.items;
  const [moving, setMoving] = useState<FileItem | null>(null);
  const [renaming, setRenaming] = useState<FileItem | null>(null);
  const [deleting, setDeleting] = useState<FileItem | null>(null);
  const [sharing, setSharing] = useState<FileItem | null>(null);
  const [inspecting, setInspecting] = useState<FileItem | null>(null);
  const [versionsOf, setVersionsOf] = useState<FileItem | null>(null);
  const actions = useFileActions();
  const preview = useFilePreview();
  const { layout } = useViewPreference();
  // The item a dialog (the preview, Rename, Move to…, Share, Versions…) was opened from: the focus goes back to it.
  const openedFrom = useRef<string | null>(null);
  const openFrom = (open: (item: FileItem) => void, item: FileItem) => {
    openedFrom.current = item.id;
    open(item);
  };
  const { containerRef, scrollToRef, helpOpen, closeHelp, focusItem } = useListKeys({
    items: items ?? [],
    onToggle: selection?.toggleItem,
    onExtend: selection?.extend,
    onRename: mode === 'browse' && !viewOnly ? (item: FileItem) => openFrom(setRenaming, item) : undefined,
  });
  const indexOf = new Map((items ?? []).map((item, index) => [item.id, index]));
  const returnFocus = () => {
    const index = openedFrom.current === null ? undefined : indexOf.get(openedFrom.current);
    openedFrom.current = null;
    return index !== undefined && focusItem(index);
  };

  if (isLoading) {
    return (
      <div className="flex items-center gap-2 py-12 text-muted-foreground">
        <Spinner label="Loading files" />
        <span>Loading files...</span>
      </div>
    );
  }
  if (isError) {
    return (
      <div role="alert" className="flex flex-col items-start gap-3 rounded-xl border border-border bg-background p-6">
        <p className="font-medium text-destructive">Failed to load files</p>
        <Button variant="outline" size="sm" disabled={isFetching} onClick={() => void list.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (!items || items.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-border bg-background px-4 py-12 text-center">
        <FolderOpen aria-hidden className="size-10 text-muted-foreground" />
        <p className="font-medium">{empty.title}</p>
        <p className="text-sm text-muted-foreground">{empty.hint}</p>
      </div>
    );
  }
  // The same actions on a card and on a row of the list view.
  const actionsOf = (item: FileItem) => ({
    mode,
    onMoveTo: () => openFrom(setMoving, item),
    onRename: () => openFrom(setRenaming, item),
    onDeleteForever: () => openFrom(setDeleting, item),
    onShare: ShareDialog && (() => openFrom(setSharing, item)),
    onWhoHasAccess: mode === 'browse' ? () => openFrom(setInspecting, item) : undefined,
    onVersions: mode === 'browse' ? () => openFrom(setVersionsOf, item) : undefined,
    onView: (target: PreviewTarget) => openFrom(() => void preview.view(target), item),
    viewOnly,
  });
  // Each item says where it is in the list, for the keys (useListKeys).
  const cardOf = (item: FileItem) => (
    <div data-item-index={indexOf.get(item.id)} className="h-full">
      <ItemCard item={item} {...actionsOf(item)} folderLink={folderLink} select={selection?.selectFor(item)} />
    </div>
  );
  const rowOf = (item: FileItem) => (
    <div data-item-index={indexOf.get(item.id)} role="presentation">
      <ItemRow item={item} {...actionsOf(item)} folderLink={folderLink ?? filesFolderLink} select={selection?.selectFor(item)} />
    </div>
  );
  return (
    <>
      {selection?.bar}
      <div ref={containerRef}>
        {layout === 'list' ? (
          <FileListRows items={items} label={label} rowOf={rowOf} scrollToRef={scrollToRef} />
        ) : items.length > VIRTUAL_AFTER ? (
          <VirtualCards items={items} total={list.total ?? items.length} label={label} cardOf={cardOf} scrollToRef={scrollToRef} />
        ) : (
          <ul aria-label={label} className="grid grid-cols-[repeat(auto-fill,minmax(15rem,1fr))] gap-4">
            {items.map((item) => (
              <li key={item.id}>{cardOf(item)}</li>
            ))}
          </ul>
        )}
      </div>
      <KeyboardShortcutsDialog open={helpOpen} onClose={closeHelp} />
      <ReadOn list={list} shown={items.length} />
      <DialogFocusReturn.Provider value={returnFocus}>
        <FilePreviewDialog preview={preview} />
        <MoveToDialog file={moving} onClose={() => setMoving(null)} />
        <RenameDialog item={renaming} onClose={() => setRenaming(null)} />
        {ShareDialog && <ShareDialog file={sharing} onClose={() => setSharing(null)} />}
        <WhoHasAccessDialog item={inspecting} onClose={() => setInspecting(null)} />
        <VersionsDialog item={versionsOf} onClose={() => setVersionsOf(null)} />
        <ConfirmDialog
          open={deleting !== null}
          title="Delete forever?"
          description={deleting ? `"${deleting.name}" will be deleted for good. This cannot be undone.` : ''}
          confirmLabel="Delete forever"
          onConfirm={async () => {
            if (deleting) await actions.deleteForever(deleting);
            setDeleting(null);
          }}
          onCancel={() => setDeleting(null)}
        />
      </DialogFocusReturn.Provider>
    </>
  );
}

/**
 * Under a list with more pages: how many of how many are shown, and the next page read as soon as
 * this comes into view (or on "Show more"), so every item of a folder of any size can be reached.
 */
function ReadOn({ list, shown }: { list: FileList; shown: number }) {
  const marker = useRef<HTMLDivElement | null>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  useEffect(() => {
    const element = marker.current;
    if (!element || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  if (!hasNextPage) return null;
  return (
    <div ref={marker} className="flex flex-col items-center gap-2 py-4 text-sm text-muted-foreground">
      <p aria-live="polite">
        Showing {shown.toLocaleString()} of {(list.total ?? shown).toLocaleString()} items
      </p>
      <Button variant="outline" size="sm" disabled={isFetchingNextPage} onClick={() => void fetchNextPage()}>
        {isFetchingNextPage ? 'Loading...' : 'Show more'}
      </Button>
    </div>
  );
}
