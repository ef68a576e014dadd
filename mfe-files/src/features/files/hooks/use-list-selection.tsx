import { useEffect, useMemo, useState } from 'react';
import type { FileItem } from '@coffer/contracts';
import type { FileListArgs } from '../api/files-api';
import type { BulkAction } from '../api/bulk-actions-api';
import { SelectCheckbox } from '../components/select-checkbox';
import { SelectionBar } from '../components/selection-bar';
import { isSelected, NOTHING_SELECTED, selectAll, selectedCount, selectRange, toggle } from '../lib/selection';
import type { FileList } from './use-file-list';
import { useSelectionActions } from './use-selection-actions';
import { typing } from './use-list-keys';

interface ListSelectionOptions {
  list: FileList;
  /** Which list it is: a new one starts with nothing selected, and "Select all" acts on all of it. */
  args: FileListArgs;
  mode: 'browse' | 'trash';
  canEdit: boolean;
  /** The folder shown (not offered as where to move to). */
  folderId?: string;
}

/**
 * The selection of a list and what the grid shows of it: each card's checkbox (a click toggles, a shift-click selects
 * the range from the last one clicked), and the bar above the list with Select all and the actions. Keys: Ctrl/Cmd+A
 * selects all, Delete trashes the selection, Escape clears it.
 */
export function useListSelection({ list, args, mode, canEdit, folderId }: ListSelectionOptions) {
  const [selection, setSelection] = useState(NOTHING_SELECTED);
  const key = JSON.stringify(args);
  const [selectionOf, setSelectionOf] = useState(key);
  if (key !== selectionOf) {
    setSelectionOf(key);
    setSelection(NOTHING_SELECTED);
  }
  const [busy, setBusy] = useState(false);
  const { act, download } = useSelectionActions();
  const loaded = useMemo(() => list.items ?? [], [list.items]);
  const order = useMemo(() => loaded.map((i) => i.id), [loaded]);
  const total = list.total ?? loaded.length;
  const count = selectedCount(selection, total);

  const run = async (action: BulkAction, target?: string) => {
    setBusy(true);
    const done = await act(action, selection, args, loaded, target);
    setBusy(false);
    if (done) setSelection(NOTHING_SELECTED);
  };

  const downloadSelection = async () => {
    setBusy(true);
    await download(selection, args);
    setBusy(false);
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (typing(event.target) || event.defaultPrevented || document.querySelector('[role="dialog"]')) return;
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'a' && total > 0) {
        event.preventDefault();
        setSelection(selectAll());
      } else if (event.key === 'Escape' && count > 0) setSelection(NOTHING_SELECTED);
      else if (event.key === 'Delete' && count > 0 && mode === 'browse' && canEdit && !busy) void run('trash');
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  });

  /** Space on an item (with Shift: the range from the last one), and Shift+arrow from one item to the next. */
  const toggleItem = (item: FileItem, range: boolean) => setSelection((current) => (range ? selectRange(current, item.id, order) : toggle(current, item.id)));
  const extend = (from: FileItem, to: FileItem) =>
    setSelection((current) => selectRange(isSelected(current, from.id) ? { ...current, anchor: from.id } : toggle(current, from.id), to.id, order));
  const selectFor = (item: FileItem) => (
    <SelectCheckbox name={item.name} checked={isSelected(selection, item.id)} selecting={count > 0} onToggle={(range) => toggleItem(item, range)} />
  );
  const bar = (
    <SelectionBar
      mode={mode}
      count={count}
      total={total}
      canEdit={canEdit}
      folderId={folderId}
      busy={busy}
      onSelectAll={() => setSelection(selectAll())}
      onClear={() => setSelection(NOTHING_SELECTED)}
      onMove={(target) => void run('move', target)}
      onTrash={() => void run('trash')}
      onRestore={() => void run('restore')}
      onDeleteForever={() => void run('delete')}
      onDownload={() => void downloadSelection()}
    />
  );
  return { selectFor, bar, toggleItem, extend };
}
