import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { MoreVertical } from 'lucide-react';
import { Link } from '@coffer/web-core/router';
import { Button, cn, DropdownMenu, DropdownMenuContent, DropdownMenuTrigger } from '@coffer/ui';
import { formatFileSize } from '@coffer/web-core/format';
import type { FileItem } from '@coffer/contracts';
import { DISPLAY_TYPE_ICONS, DISPLAY_TYPE_LABELS, displayTypeOf } from '../../../lib/file-types';
import type { PreviewTarget } from '../../../hooks/use-file-preview';
import { useOpenFile } from '../hooks/use-open-file';
import { useAddedByName } from '../hooks/use-added-by-name';
import { ItemMenuItems, type ItemMenuProps } from './item-menu';
import { VIRTUAL_AFTER } from './virtual-cards';
import { FileThumbnail } from './file-thumbnail';
import type { ScrollToItem } from '../hooks/use-list-keys';

/** A row's height (the virtualised list places rows by it). */
const ROW_PX = 52;
/**
 * Name, size and actions always; modified and added by where the list is wide enough (a container query:
 * the list is narrower than the window beside the Activity Log).
 */
const COLUMNS =
  'grid grid-cols-[minmax(0,1fr)_5rem_2.5rem] items-center gap-3 px-3 @md:grid-cols-[minmax(0,1fr)_5rem_9.5rem_2.5rem] @xl:grid-cols-[minmax(0,1fr)_5rem_9.5rem_minmax(0,8rem)_2.5rem]';
/**
 * The modified and added-by cells, left out where COLUMNS has no room for them. (Hidden only below the size,
 * not `hidden @md:block`: the shell's stylesheet, loaded after this remote's, would win with its own `hidden`.)
 */
const MODIFIED = '@max-md:hidden';
const ADDED_BY = '@max-xl:hidden';
/** The name's link or button covers the row: a click anywhere but the menu opens the item, with the focus ring around the row. */
const COVERING_NAME = 'truncate outline-none after:absolute after:inset-0 after:rounded-md focus-visible:after:ring-2 focus-visible:after:ring-ring';

const modified = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export type ItemRowProps = Omit<ItemMenuProps, 'onOpen'> & {
  /** "View": the preview (or a download, for a type it cannot show). */
  onView?: (target: PreviewTarget) => void;
  /** The row's checkbox, when its list can be selected. */
  select?: ReactNode;
  /** Where a folder row opens. */
  folderLink: (folderId: string) => string;
};

/** One item of the list view: icon and name, size, modified, added by, and the same actions menu as its card. */
export function ItemRow({ onView, folderLink, select, ...menu }: ItemRowProps) {
  const { item, mode } = menu;
  const openFile = useOpenFile(onView, menu.onShare);
  const addedBy = useAddedByName();
  const type = displayTypeOf(item);
  const Icon = DISPLAY_TYPE_ICONS[type];
  const browsing = mode === 'browse';
  const name =
    item.isFolder && browsing ? (
      <Link to={folderLink(item.id)} draggable={false} className={COVERING_NAME} title={item.name}>
        {item.name}
      </Link>
    ) : !item.isFolder && browsing && onView ? (
      <button type="button" className={cn(COVERING_NAME, 'cursor-pointer text-left')} title={item.name} onClick={() => openFile(item)}>
        {item.name}
      </button>
    ) : (
      <span className="truncate" title={item.name}>
        {item.name}
      </span>
    );
  return (
    <div
      role="row"
      aria-label={`${DISPLAY_TYPE_LABELS[type]} ${item.name}`}
      className={cn(COLUMNS, 'group relative h-[52px] border-b border-border text-sm hover:bg-muted/50')}
    >
      <div role="cell" className="flex min-w-0 items-center gap-3">
        {/* The card's checkbox, in the row's flow rather than over its corner. */}
        {select && <span className="flex shrink-0 [&>input]:static">{select}</span>}
        <FileThumbnail item={item} size={20} fallback={<Icon aria-hidden className="size-5 shrink-0 text-muted-foreground" />} className="rounded-sm" />
        <span className="flex min-w-0 flex-col">
          {name}
          {item.folderPath !== undefined && <span className="truncate text-xs text-muted-foreground">in {item.folderPath}</span>}
        </span>
      </div>
      <div role="cell" className="truncate text-muted-foreground">
        {item.isFolder ? '—' : formatFileSize(item.size)}
      </div>
      <div role="cell" className={cn(MODIFIED, 'truncate text-muted-foreground')}>
        {modified(item.updatedAt)}
      </div>
      <div role="cell" className={cn(ADDED_BY, 'truncate text-muted-foreground')} title={addedBy(item.addedBy)}>
        {addedBy(item.addedBy)}
      </div>
      <div role="cell" className="flex justify-end">
        <DropdownMenu modal={false}>
          <DropdownMenuTrigger asChild>
            <Button variant="ghost" size="icon" className="relative z-10 size-8" aria-label={`Actions for ${item.name}`}>
              <MoreVertical aria-hidden />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end" className="w-44">
            <ItemMenuItems {...menu} onOpen={openFile} />
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
    </div>
  );
}

interface FileListRowsProps {
  items: FileItem[];
  label: string;
  rowOf: (item: FileItem) => ReactNode;
  /** Set to scroll to an item not rendered (the keys' arrows, Home and End). */
  scrollToRef?: ScrollToItem;
}

/** The list view: a header and a row per item; a long list has only the rows near the screen in the page, as the grid does. */
export function FileListRows({ items, label, rowOf, scrollToRef }: FileListRowsProps) {
  return (
    <div role="table" aria-label={label} className="@container w-full rounded-xl border border-border bg-background">
      <div role="rowgroup">
        <div role="row" className={cn(COLUMNS, 'h-10 border-b border-border text-xs font-medium text-muted-foreground')}>
          <span role="columnheader">Name</span>
          <span role="columnheader">Size</span>
          <span role="columnheader" className={MODIFIED}>
            Modified
          </span>
          <span role="columnheader" className={ADDED_BY}>
            Added by
          </span>
          <span role="columnheader" className="sr-only">
            Actions
          </span>
        </div>
      </div>
      {items.length > VIRTUAL_AFTER ? (
        <VirtualRows items={items} rowOf={rowOf} scrollToRef={scrollToRef} />
      ) : (
        <div role="rowgroup">
          {items.map((item) => (
            <div key={item.id} role="presentation">
              {rowOf(item)}
            </div>
          ))}
        </div>
      )}
    </div>
  );
}

/** Only the rows near the screen, placed where they would be (the window scrolls them). */
function VirtualRows({ items, rowOf, scrollToRef }: { items: FileItem[]; rowOf: (item: FileItem) => ReactNode; scrollToRef?: ScrollToItem }) {
  const ref = useRef<HTMLDivElement>(null);
  const [top, setTop] = useState(0);
  // Where the rows start in the page, read after every render: what is above them may change height.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- after every render on purpose; setTop leaves an unchanged value, so it settles
  useLayoutEffect(() => {
    if (ref.current) setTop(ref.current.getBoundingClientRect().top + window.scrollY);
  });
  const rows = useWindowVirtualizer({ count: items.length, estimateSize: () => ROW_PX, overscan: 10, scrollMargin: top });
  useLayoutEffect(() => {
    if (scrollToRef) scrollToRef.current = (index) => rows.scrollToIndex(index);
  });
  return (
    <div ref={ref} role="rowgroup" className="relative w-full" style={{ height: rows.getTotalSize() }}>
      {rows.getVirtualItems().map((row) => (
        <div
          key={items[row.index].id}
          role="presentation"
          className="absolute top-0 left-0 w-full"
          style={{ transform: `translateY(${row.start - rows.options.scrollMargin}px)` }}
        >
          {rowOf(items[row.index])}
        </div>
      ))}
    </div>
  );
}
