import { useEffect, useState } from 'react';
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@coffer/ui';
import type { FileItem } from '@coffer/contracts';
import { FolderSelect } from '../../../components/folder-select';
import { useFolderChoices } from '../../../hooks/use-folder-choices';
import { useFileActions } from '../hooks/use-file-actions';

interface MoveToDialogProps {
  file: FileItem | null;
  onClose: () => void;
}

/** "Move to…": drag and drop for keyboard and touch users. */
export function MoveToDialog({ file, onClose }: MoveToDialogProps) {
  const choices = useFolderChoices();
  const actions = useFileActions();
  const [target, setTarget] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => setTarget(''), [file]);
  const targets = choices.filter((choice) => choice.id !== file?.folderId);

  return (
    <Dialog open={file !== null} onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Move to…</DialogTitle>
          <DialogDescription>Choose the folder for &ldquo;{file?.name}&rdquo;.</DialogDescription>
        </DialogHeader>
        <form
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (!file || !target) return;
            setBusy(true);
            void actions.move(file.id, target).finally(() => {
              setBusy(false);
              onClose();
            });
          }}
        >
          <FolderSelect id="move-target" value={target} onChange={setTarget} choices={targets} placeholder="Choose a folder" />
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
