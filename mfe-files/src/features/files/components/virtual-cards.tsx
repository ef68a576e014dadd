import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useWindowVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import type { FileItem } from '@coffer/contracts';
import type { ScrollToItem } from '../hooks/use-list-keys';

/** Lists longer than this render only the rows of cards near the screen. */
export const VIRTUAL_AFTER = 120;
/** A card's narrowest width and the gap between cards (the grid's 15rem and gap-4). */
const CARD_MIN_PX = 240;
const GAP_PX = 16;
/** A row's height before it is measured (a card and the gap under it). */
const ROW_ESTIMATE_PX = 96;

interface VirtualCardsProps {
  items: FileItem[];
  /** How many items the whole list holds (told to assistive technology). */
  total: number;
  label: string;
  cardOf: (item: FileItem) => ReactNode;
  /** Set to scroll to an item not rendered (the keys' arrows, Home and End). */
  scrollToRef?: ScrollToItem;
}

/** The width of an element, followed as it changes. */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(([entry]) => setWidth(entry.contentRect.width));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

/** The card the view stays on: the first of the top row on screen when the person last scrolled. */
interface Anchor {
  id: string;
  row: number;
  items: FileItem[];
  /** The window's scroll position the anchor goes with (a different one means the person scrolled). */
  scrollY: number;
}

/**
 * Keeps the view on the same cards when items are added or removed above them
 * (a live change from another tab): the row the anchor card is in now is found
 * and the window scrolled by the rows it moved, so that card stays where it was
 * on screen. Only the person's own scrolling picks another anchor.
 */
function useKeptPlace(rows: Virtualizer<Window, Element>, items: FileItem[], columns: number) {
  const anchor = useRef<Anchor | undefined>(undefined);
  useLayoutEffect(() => {
    const kept = anchor.current;
    if (kept && kept.items !== items) {
      const index = items.findIndex((item) => item.id === kept.id);
      if (index >= 0) {
        const row = Math.floor(index / columns);
        const [from, to] = [rows.measurementsCache[kept.row], rows.measurementsCache[row]];
        if (row !== kept.row && from && to) window.scrollBy(0, to.start - from.start);
        anchor.current = { id: kept.id, row, items, scrollY: window.scrollY };
        return;
      }
    }
    if (kept && kept.items === items && kept.scrollY === window.scrollY) return;
    const scrolledInto = window.scrollY > rows.options.scrollMargin;
    const first = scrolledInto ? rows.getVirtualItems().find((r) => r.start >= window.scrollY) : undefined;
    const id = first && items[first.index * columns]?.id;
    anchor.current = id ? { id, row: first.index, items, scrollY: window.scrollY } : undefined;
  });
}

/**
 * The cards of a long list in the same grid, but only the rows near the
 * screen are in the page (the window scrolls them): a folder of 100,000 opens
 * and scrolls as one of 100. Each card says where it is in the whole list.
 */
export function VirtualCards({ items, total, label, cardOf, scrollToRef }: VirtualCardsProps) {
  const { ref, width } = useWidth();
  const columns = Math.max(1, Math.floor((width + GAP_PX) / (CARD_MIN_PX + GAP_PX)));
  const [top, setTop] = useState(0);
  // Where the list starts in the page, read after every render: what is above it (a notice, the folders) may change height.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- after every render on purpose; setTop leaves an unchanged value, so it settles
  useLayoutEffect(() => {
    if (ref.current) setTop(ref.current.getBoundingClientRect().top + window.scrollY);
  });
  const rows = useWindowVirtualizer({
    count: Math.ceil(items.length / columns),
    estimateSize: () => ROW_ESTIMATE_PX,
    overscan: 6,
    scrollMargin: top,
  });
  useKeptPlace(rows, items, columns);
  useLayoutEffect(() => {
    if (scrollToRef) scrollToRef.current = (index) => rows.scrollToIndex(Math.floor(index / columns));
  });

  return (
    <div ref={ref} role="list" aria-label={label} className="relative w-full" style={{ height: rows.getTotalSize() }}>
      {rows.getVirtualItems().map((row) => (
        <div
          key={row.key}
          role="presentation"
          data-index={row.index}
          ref={rows.measureElement}
          className="absolute top-0 left-0 grid w-full gap-4 pb-4"
          style={{ transform: `translateY(${row.start - rows.options.scrollMargin}px)`, gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}
        >
          {items.slice(row.index * columns, (row.index + 1) * columns).map((item, i) => (
            <div key={item.id} role="listitem" aria-posinset={row.index * columns + i + 1} aria-setsize={total}>
              {cardOf(item)}
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}
