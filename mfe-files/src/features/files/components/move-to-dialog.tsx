import { useState } from 'react';
import { Button, Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@coffer/ui';
import { useZodForm } from '@coffer/ui/form';
import { moveFileSchema, type FileItem } from '@coffer/contracts';
import { FolderPicker, keepOpenOnPickerEscape } from '../../../components/folder-picker';
import { useFileActions } from '../hooks/use-file-actions';

const moveToFormSchema = moveFileSchema.pick({ folderId: true });

interface MoveToDialogProps {
  file: FileItem | null;
  onClose: () => void;
}

/** "Move to…" for a file or a folder: drag and drop for keyboard and touch users (a folder is never offered its own tree). */
export function MoveToDialog({ file, onClose }: MoveToDialogProps) {
  const actions = useFileActions();
  const form = useZodForm(moveToFormSchema, { folderId: '' });
  const [busy, setBusy] = useState(false);
  // Each file opens the dialog with no folder chosen.
  const [formFor, setFormFor] = useState(file);
  if (file !== formFor) {
    setFormFor(file);
    form.reset();
  }
  const target = form.values.folderId;

  const submit = form.handleSubmit(({ folderId }) => {
    if (!file) return;
    setBusy(true);
    void actions.move(file, folderId).finally(() => {
      setBusy(false);
      onClose();
    });
  });

  return (
    <Dialog open={file !== null} onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent onEscapeKeyDown={keepOpenOnPickerEscape}>
        <DialogHeader>
          <DialogTitle>Move to…</DialogTitle>
          <DialogDescription>Choose the folder for &ldquo;{file?.name}&rdquo;.</DialogDescription>
        </DialogHeader>
        <form className="flex flex-col gap-4" onSubmit={submit}>
          <FolderPicker
            id="move-target"
            value={target}
            onChange={(folderId) => form.setValue('folderId', folderId)}
            excludeId={file?.folderId}
            excludeTree={file?.isFolder ? file.id : undefined}
          />
          <DialogFooter>
            <Button type="button" variant="outline" disabled={busy} onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy || !target}>
              Move
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
