import { useRef, useState } from 'react';
import { Button, Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, FormField, toast } from '@coffer/ui';
import { useZodForm } from '@coffer/ui/form';
import { toApiError } from '@coffer/web-core/store';
import { renameFileSchema, type FileItem } from '@coffer/contracts';
import { useRenameFileMutation } from '../api/files-api';

interface RenameDialogProps {
  item: FileItem | null;
  onClose: () => void;
}

/** How much of a name its first selection covers: a file's name without its extension ("Report" of "Report.pdf"), a folder's whole name. */
export function nameStemLength(item: Pick<FileItem, 'name' | 'isFolder'>): number {
  const dot = item.name.lastIndexOf('.');
  // A leading dot (".env") or none is no extension.
  return item.isFolder || dot <= 0 ? item.name.length : dot;
}

/** "Rename" of a file or folder card: its name, selected without the extension; Enter saves; a refused name shows under the field. */
export function RenameDialog({ item, onClose }: RenameDialogProps) {
  const form = useZodForm(renameFileSchema, { name: item?.name ?? '' });
  const [renameFile, { isLoading }] = useRenameFileMutation();
  const field = useRef<HTMLInputElement>(null);
  // Each item opens the dialog with its own name, selected up to the extension until the user clicks or types in it.
  const [formFor, setFormFor] = useState(item);
  const [touched, setTouched] = useState(false);
  if (item !== formFor) {
    setFormFor(item);
    form.reset({ name: item?.name ?? '' });
    setTouched(false);
  }
  const kind = item?.isFolder ? 'folder' : 'file';

  // Radix selects a field's whole text as it gives the focus back to it (the menu that opened the dialog takes the focus
  // as it closes): the stem is selected once that focus has settled.
  const selectStem = () => {
    if (!item || touched) return;
    const end = nameStemLength(item);
    requestAnimationFrame(() => {
      if (field.current && document.activeElement === field.current) field.current.setSelectionRange(0, end);
    });
  };
  // The dialog's one field takes the focus as it opens (WAI-ARIA dialog pattern).
  const focusName = (event: Event) => {
    event.preventDefault();
    field.current?.focus();
  };

  const submit = form.handleSubmit(async ({ name }) => {
    if (!item) return;
    try {
      await renameFile({ fileId: item.id, name }).unwrap();
      toast({ title: item.isFolder ? 'Folder renamed' : 'File renamed' });
      onClose();
    } catch (caught) {
      const { status, message } = toApiError(caught);
      // A refused name (blank, too long, taken) is the field's problem; anything else is the toast's.
      if ((status === 400 || status === 409) && message) form.setError('name', message);
      else toast({ variant: 'destructive', title: `Failed to rename ${kind}`, description: message ?? undefined });
    }
  });

  return (
    <Dialog open={item !== null} onOpenChange={(open) => !open && !isLoading && onClose()}>
      <DialogContent onOpenAutoFocus={focusName}>
        <DialogHeader>
          <DialogTitle>Rename</DialogTitle>
          <DialogDescription>
            A new name for the {kind} &ldquo;{item?.name}&rdquo;.
          </DialogDescription>
        </DialogHeader>
        <form noValidate className="flex flex-col gap-4" onSubmit={submit}>
          <FormField
            ref={field}
            label="Name"
            maxLength={255}
            onFocus={selectStem}
            onPointerDown={() => setTouched(true)}
            onKeyDown={() => setTouched(true)}
            {...form.field('name')}
          />
          <DialogFooter>
            <Button type="button" variant="outline" disabled={isLoading} onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={isLoading}>
              {isLoading ? 'Saving...' : 'Save'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
