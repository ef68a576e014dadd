import { useState } from 'react';
import { Trash2 } from 'lucide-react';
import { Button } from '@coffer/ui';
import { FileGrid } from '../features/files/components/file-grid';
import { ConfirmDialog } from '../features/files/components/confirm-dialog';
import { useFileActions } from '../features/files/hooks/use-file-actions';
import { useFileList } from '../features/files/hooks/use-file-list';
import { useListSelection } from '../features/files/hooks/use-list-selection';

/** /dashboard/trash: trashed items, newest deletion first, with Restore, Delete forever and Empty trash. */
export function TrashPage() {
  const list = useFileList({ view: 'trash' });
  const actions = useFileActions();
  const [confirming, setConfirming] = useState(false);
  const selection = useListSelection({ list, args: { view: 'trash' }, mode: 'trash', canEdit: true });
  const count = list.total ?? 0;
  return (
    <section aria-label="Trash" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground">Items in the trash are deleted for good after 30 days.</p>
        <Button variant="outline" size="sm" disabled={count === 0} onClick={() => setConfirming(true)}>
          <Trash2 aria-hidden />
          Empty trash
        </Button>
      </div>
      <FileGrid list={list} mode="trash" label="Trash" selection={selection} empty={{ title: 'Trash is empty', hint: 'Deleted files stay here for 30 days' }} />
      <ConfirmDialog
        open={confirming}
        title="Empty trash?"
        description={`${count} item${count === 1 ? '' : 's'} will be deleted for good. This cannot be undone.`}
        confirmLabel="Empty trash"
        onConfirm={async () => {
          await actions.emptyTrash();
          setConfirming(false);
        }}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}
