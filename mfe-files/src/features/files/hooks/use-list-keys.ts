import { useEffect, useRef, useState, type MutableRefObject } from 'react';
import type { FileItem } from '@coffer/contracts';

/** Where a card or row says which item of the list it is (its index in the loaded items). */
export const ITEM_INDEX = 'data-item-index';

/** A long list's way to bring an item it has not rendered into the page (the virtualiser scrolls to it). */
export type ScrollToItem = MutableRefObject<((index: number) => void) | null>;

/** Typing in a field, where the keys are the field's. */
export const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)) &&
  !(target instanceof HTMLInputElement && target.type === 'checkbox');

const dialogOpen = () => document.querySelector('[role="dialog"], [role="alertdialog"]') !== null;

/** The element of an item that takes the focus: its name's link or button, else its checkbox, else the item itself. */
function focusTarget(item: HTMLElement): HTMLElement {
  const target = item.querySelector<HTMLElement>('a[href], button:not([aria-haspopup])') ?? item.querySelector<HTMLElement>('input[type="checkbox"]');
  if (target) return target;
  item.tabIndex = -1;
  return item;
}

/** How many items sit side by side: those on the same line as the first one rendered (1 in the list view). */
function columnsIn(container: HTMLElement): number {
  const items = [...container.querySelectorAll<HTMLElement>(`[${ITEM_INDEX}]`)];
  const top = items[0]?.getBoundingClientRect().top;
  return Math.max(1, items.filter((item) => item.getBoundingClientRect().top === top).length);
}

/** The top bar's search box (the shell's `role="search"` form), the one on screen. */
function searchBox(): HTMLInputElement | undefined {
  const boxes = [...document.querySelectorAll<HTMLInputElement>('[role="search"] input')];
  return boxes.find((box) => box.getClientRects().length > 0) ?? boxes[0];
}

interface ListKeysOptions {
  items: FileItem[];
  /** Space selects or deselects the focused item (with Shift: the range from the last one). */
  onToggle?: (item: FileItem, range: boolean) => void;
  /** Shift+arrow: the selection extended from the focused item to the next one. */
  onExtend?: (from: FileItem, to: FileItem) => void;
  /** F2: the Rename dialog, where the person may edit. */
  onRename?: (item: FileItem) => void;
}

/**
 * The keys of a file list: arrows move the focus between items (by columns in the grid), Home and End to the first and
 * last loaded item, Space selects, F2 renames; anywhere on the page "/" focuses the top bar's search and "?" opens the
 * list of keys. None of them while typing in a field or while a dialog is open.
 */
export function useListKeys({ items, onToggle, onExtend, onRename }: ListKeysOptions) {
  const containerRef = useRef<HTMLDivElement>(null);
  const scrollToRef: ScrollToItem = useRef(null);
  const [helpOpen, setHelpOpen] = useState(false);
  const frame = useRef(0);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || typing(event.target) || dialogOpen()) return;
      if (event.key === '?') {
        event.preventDefault();
        setHelpOpen(true);
      } else if (event.key === '/') {
        const box = searchBox();
        if (!box) return;
        event.preventDefault();
        box.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      cancelAnimationFrame(frame.current);
    };
  }, []);

  /** Focuses the item at `index`, scrolling a long list to it first when it is not rendered yet; false without a list. */
  const focusItem = (index: number) => {
    const root = containerRef.current;
    if (!root) return false;
    cancelAnimationFrame(frame.current);
    const find = () => root.querySelector<HTMLElement>(`[${ITEM_INDEX}="${index}"]`);
    const now = find();
    if (now) {
      focusTarget(now).focus();
      now.scrollIntoView?.({ block: 'nearest' });
      return true;
    }
    scrollToRef.current?.(index);
    let tries = 60;
    const settle = () => {
      const item = find();
      if (item) {
        focusTarget(item).focus();
        item.scrollIntoView?.({ block: 'nearest' });
      } else if (--tries > 0) frame.current = requestAnimationFrame(settle);
    };
    frame.current = requestAnimationFrame(settle);
    return true;
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || typing(event.target) || dialogOpen()) return;
    const root = containerRef.current;
    const current = (event.target as HTMLElement).closest<HTMLElement>(`[${ITEM_INDEX}]`);
    if (!root || !current) return;
    const index = Number(current.getAttribute(ITEM_INDEX));
    const item = items[index];
    if (!item) return;
    const columns = columnsIn(root);
    const moves: Record<string, number> = {
      ArrowLeft: columns > 1 ? index - 1 : index,
      ArrowRight: columns > 1 ? index + 1 : index,
      ArrowUp: index - columns,
      ArrowDown: index + columns,
      Home: 0,
      End: items.length - 1,
    };
    if (event.key in moves) {
      event.preventDefault();
      const next = Math.min(items.length - 1, Math.max(0, moves[event.key]));
      // Shift+arrow: the range from the item left to the one reached.
      if (next !== index && event.shiftKey && event.key.startsWith('Arrow')) onExtend?.(item, items[next]);
      // (At the first or last item too: from its checkbox, the focus goes to its name.)
      focusItem(next);
    } else if (event.key === ' ') {
      // The checkbox's own Space toggles it; elsewhere Space would open the item or scroll the page.
      if (event.target instanceof HTMLInputElement && event.target.type === 'checkbox') return;
      event.preventDefault();
      onToggle?.(item, event.shiftKey);
    } else if (event.key === 'F2' && onRename) {
      event.preventDefault();
      onRename(item);
    }
  };

  // The list's own keys, on the list (it may be rendered later than the hook: a loading list has none).
  useEffect(() => {
    const root = containerRef.current;
    root?.addEventListener('keydown', onKeyDown);
    return () => root?.removeEventListener('keydown', onKeyDown);
  });

  return { containerRef, scrollToRef, helpOpen, closeHelp: () => setHelpOpen(false), focusItem };
}
