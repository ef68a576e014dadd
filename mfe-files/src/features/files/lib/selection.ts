/**
 * Which items of a list are selected: those named, or (after "Select all") every item of the list but those
 * named, so a folder of 100,000 is selected whole without its items being read. `anchor` is where a
 * shift-click's range starts: the item clicked last.
 */
export interface Selection {
  all: boolean;
  /** Selected items, or with `all` the items left out. */
  ids: ReadonlySet<string>;
  anchor: string | null;
}

export const NOTHING_SELECTED: Selection = { all: false, ids: new Set(), anchor: null };

export const isSelected = (selection: Selection, id: string) => selection.all !== selection.ids.has(id);

/** How many items are selected, of a list of `total`. */
export const selectedCount = (selection: Selection, total: number) => (selection.all ? Math.max(0, total - selection.ids.size) : selection.ids.size);

/** `id` selected or not, the other way round. */
function flipped(ids: ReadonlySet<string>, id: string, on: boolean): Set<string> {
  const next = new Set(ids);
  if (on) next.add(id);
  else next.delete(id);
  return next;
}

/** A click on an item's checkbox: it changes, and a later shift-click's range starts there. */
export function toggle(selection: Selection, id: string): Selection {
  const selecting = !isSelected(selection, id);
  return { all: selection.all, ids: flipped(selection.ids, id, selecting !== selection.all), anchor: id };
}

/**
 * A shift-click: every item from the anchor to `id` (in the list's order `order`) takes the state the anchor has,
 * as in every file manager; with no anchor (or one no longer in the list) it is a click.
 */
export function selectRange(selection: Selection, id: string, order: readonly string[]): Selection {
  const from = selection.anchor === null ? -1 : order.indexOf(selection.anchor);
  const to = order.indexOf(id);
  if (from < 0 || to < 0) return toggle(selection, id);
  const selecting = isSelected(selection, selection.anchor!);
  const ids = new Set(selection.ids);
  for (const item of order.slice(Math.min(from, to), Math.max(from, to) + 1)) {
    if (selecting !== selection.all) ids.add(item);
    else ids.delete(item);
  }
  return { all: selection.all, ids, anchor: id };
}

export const selectAll = (): Selection => ({ all: true, ids: new Set(), anchor: null });

/** The ids to act on: the named ones, or every id of the list (`listed`, read whole) but those left out. */
export const idsToActOn = (selection: Selection, listed: readonly string[] = []) =>
  selection.all ? listed.filter((id) => !selection.ids.has(id)) : [...selection.ids];
