import { useState } from 'react';
import { FolderPlus } from 'lucide-react';
import { Button, Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger, FormField, toast } from '@coffer/ui';
import { useZodForm } from '@coffer/ui/form';
import { toApiError } from '@coffer/web-core/store';
import { createFolderSchema } from '@coffer/contracts';
import { useCreateFolderMutation } from '../api/files-api';

/** Spec §5: a name that is not blank after trimming ("Please enter a folder name"). */
const newFolderFormSchema = createFolderSchema.pick({ name: true });

/** "New Folder" and its dialog: Folder Name, Cancel, Create; Enter submits. */
export function NewFolderDialog({ parentId }: { parentId: string }) {
  const [open, setOpen] = useState(false);
  const form = useZodForm(newFolderFormSchema, { name: '' });
  const [createFolder, { isLoading }] = useCreateFolderMutation();

  const reset = (next: boolean) => {
    setOpen(next);
    if (!next) form.reset();
  };

  const submit = form.handleSubmit(async ({ name }) => {
    try {
      await createFolder({ name, parentId }).unwrap();
      toast({ title: 'Folder created successfully' });
      reset(false);
    } catch (caught) {
      const { status, message } = toApiError(caught);
      // A refused name is the field's problem; anything else is the toast's.
      if (status === 400 && message) form.setError('name', message);
      else toast({ variant: 'destructive', title: 'Failed to create folder', description: message ?? undefined });
    }
  });

  return (
    <Dialog open={open} onOpenChange={reset}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <FolderPlus aria-hidden />
          New Folder
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Create New Folder</DialogTitle>
          <DialogDescription>The folder is created where you are.</DialogDescription>
        </DialogHeader>
        <form noValidate className="flex flex-col gap-4" onSubmit={submit}>
          {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the dialog's one field takes the focus as it opens (WAI-ARIA dialog pattern) */}
          <FormField label="Folder Name" autoFocus maxLength={255} {...form.field('name')} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => reset(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={isLoading}>
              Create
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
