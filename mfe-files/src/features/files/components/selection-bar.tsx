import { useState } from 'react';
import { CheckSquare, Download, FolderInput, RotateCcw, Trash2, X, XCircle } from 'lucide-react';
import { Button, Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@coffer/ui';
import { FolderPicker, keepOpenOnPickerEscape } from '../../../components/folder-picker';
import { ConfirmDialog } from './confirm-dialog';

const items = (n: number) => `${n.toLocaleString('en-US')} item${n === 1 ? '' : 's'}`;

export interface SelectionBarProps {
  mode: 'browse' | 'trash';
  /** How many are selected, and how many the list holds. */
  count: number;
  total: number;
  /** May change what is here (Move and Trash); a viewer only selects (to download). */
  canEdit: boolean;
  /** The folder shown, not offered as where to move to. */
  folderId?: string;
  busy: boolean;
  onSelectAll: () => void;
  onClear: () => void;
  onMove: (folderId: string) => void;
  onTrash: () => void;
  onRestore: () => void;
  onDeleteForever: () => void;
  /** Downloads the selection as one zip. */
  onDownload: () => void;
}

/**
 * Above a list: "Select all" while nothing is selected; then how many are, and what to do with them (Move, Download as a zip,
 * Trash; in the trash Restore and Delete forever, asked first), and Clear. It takes its own row, so it never covers a card.
 */
export function SelectionBar(props: SelectionBarProps) {
  const { mode, count, total, canEdit, busy, onSelectAll, onClear } = props;
  const [moving, setMoving] = useState(false);
  const [deleting, setDeleting] = useState(false);
  if (count === 0) {
    return (
      <div className="flex min-h-10 items-center">
        <Button variant="ghost" size="sm" disabled={total === 0} onClick={onSelectAll}>
          <CheckSquare aria-hidden />
          Select all
        </Button>
      </div>
    );
  }
  return (
    <div
      role="toolbar"
      aria-label="Selection"
      className="sticky top-2 z-30 flex min-h-10 flex-wrap items-center gap-x-2 gap-y-1 rounded-xl border border-border bg-background p-1 shadow-sm"
    >
      <p aria-live="polite" className="px-2 text-sm font-medium">
        {count.toLocaleString('en-US')} selected
      </p>
      {count < total && (
        <Button variant="ghost" size="sm" onClick={onSelectAll}>
          Select all {total.toLocaleString('en-US')}
        </Button>
      )}
      <div className="ms-auto flex flex-wrap items-center gap-1">
        {mode === 'browse' && canEdit && (
          <Button variant="outline" size="sm" disabled={busy} onClick={() => setMoving(true)}>
            <FolderInput aria-hidden />
            Move
          </Button>
        )}
        {mode === 'browse' && (
          <Button variant="outline" size="sm" disabled={busy} onClick={props.onDownload}>
            <Download aria-hidden />
            Download
          </Button>
        )}
        {mode === 'browse' && canEdit && (
          <Button variant="outline" size="sm" disabled={busy} onClick={props.onTrash}>
            <Trash2 aria-hidden />
            Trash
          </Button>
        )}
        {mode === 'trash' && (
          <>
            <Button variant="outline" size="sm" disabled={busy} onClick={props.onRestore}>
              <RotateCcw aria-hidden />
              Restore
            </Button>
            <Button variant="outline" size="sm" disabled={busy} className="text-destructive" onClick={() => setDeleting(true)}>
              <XCircle aria-hidden />
              Delete forever
            </Button>
          </>
        )}
        <Button variant="ghost" size="sm" disabled={busy} onClick={onClear}>
          <X aria-hidden />
          Clear
        </Button>
      </div>
      <MoveSelectionDialog
        open={moving}
        count={count}
        folderId={props.folderId}
        onMove={(folderId) => {
          setMoving(false);
          props.onMove(folderId);
        }}
        onClose={() => setMoving(false)}
      />
      <ConfirmDialog
        open={deleting}
        title="Delete forever?"
        description={`${items(count)} will be deleted for good. This cannot be undone.`}
        confirmLabel="Delete forever"
        onConfirm={async () => {
          setDeleting(false);
          props.onDeleteForever();
        }}
        onCancel={() => setDeleting(false)}
      />
    </div>
  );
}

/** Where a selection goes: a folder of the picker (any the user may add to; the server refuses a folder into itself). */
function MoveSelectionDialog({
  open,
  count,
  folderId,
  onMove,
  onClose,
}: {
  open: boolean;
  count: number;
  folderId?: string;
  onMove: (folderId: string) => void;
  onClose: () => void;
}) {
  const [target, setTarget] = useState('');
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
        setTarget('');
      }}
    >
      <DialogContent onEscapeKeyDown={keepOpenOnPickerEscape}>
        <DialogHeader>
          <DialogTitle>Move to…</DialogTitle>
          <DialogDescription>Choose the folder for {items(count)}.</DialogDescription>
        </DialogHeader>
        <form
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (target) onMove(target);
          }}
        >
          <FolderPicker id="move-selection-target" value={target} onChange={setTarget} excludeId={folderId} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={!target}>
              Move
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
