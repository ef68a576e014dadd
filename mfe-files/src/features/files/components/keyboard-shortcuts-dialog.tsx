import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@coffer/ui';

/** Every key of a file list, as the person presses it. */
const SHORTCUTS: { keys: string[]; what: string }[] = [
  { keys: ['←', '→', '↑', '↓'], what: 'Move between items' },
  { keys: ['Home', 'End'], what: 'First or last item' },
  { keys: ['Enter'], what: 'Open the item' },
  { keys: ['Space'], what: 'Select or deselect the item' },
  { keys: ['Shift', '↑ ↓ ← →'], what: 'Extend the selection' },
  { keys: ['Ctrl/Cmd', 'A'], what: 'Select all' },
  { keys: ['Delete'], what: 'Move the selection to trash' },
  { keys: ['Escape'], what: 'Clear the selection' },
  { keys: ['F2'], what: 'Rename the item' },
  { keys: ['/'], what: 'Search files' },
  { keys: ['?'], what: 'Show keyboard shortcuts' },
];

/** "?" in a file list: the keys it answers to. */
export function KeyboardShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Keyboard shortcuts</DialogTitle>
          <DialogDescription>In a list of files, when you are not typing in a field.</DialogDescription>
        </DialogHeader>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-4 gap-y-2 text-sm">
          {SHORTCUTS.map(({ keys, what }) => (
            <div key={what} className="contents">
              <dt className="flex flex-wrap gap-1">
                {keys.map((key) => (
                  <kbd key={key} className="rounded border border-border bg-muted px-1.5 py-0.5 font-mono text-xs">
                    {key}
                  </kbd>
                ))}
              </dt>
              <dd className="min-w-0">{what}</dd>
            </div>
          ))}
        </dl>
      </DialogContent>
    </Dialog>
  );
}
