import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import type { FileItem } from '@coffer/contracts';

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

/**
 * The cards of a long list in the same grid, but only the rows near the
 * screen are in the page (the window scrolls them): a folder of 100,000 opens
 * and scrolls as one of 100. Each card says where it is in the whole list.
 */
export function VirtualCards({ items, total, label, cardOf }: VirtualCardsProps) {
  const { ref, width } = useWidth();
  const columns = Math.max(1, Math.floor((width + GAP_PX) / (CARD_MIN_PX + GAP_PX)));
  const [top, setTop] = useState(0);
  useLayoutEffect(() => {
    if (ref.current) setTop(ref.current.getBoundingClientRect().top + window.scrollY);
  }, [ref, width]);
  const rows = useWindowVirtualizer({
    count: Math.ceil(items.length / columns),
    estimateSize: () => ROW_ESTIMATE_PX,
    overscan: 6,
    scrollMargin: top,
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
