import { useState } from 'react';
import { FolderPlus } from 'lucide-react';
import { Button, Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger, FormField, toast } from '@coffer/ui';
import { useZodForm } from '@coffer/ui/form';
import { toApiError } from '@coffer/web-core/store';
import { createFolderSchema } from '@coffer/contracts';
import { useCreateTeamFolderMutation } from '../../../api/team-folders-api';
import { useCreateFolderMutation } from '../api/files-api';

/** Spec §5: a name that is not blank after trimming ("Please enter a folder name"). */
const newFolderFormSchema = createFolderSchema.pick({ name: true });

/** The words of each kind of new folder: one where the user is, or a team folder of the account (owners and admins). */
const KINDS = {
  folder: { trigger: 'New Folder', title: 'Create New Folder', description: 'The folder is created where you are.' },
  team: {
    trigger: 'New team folder',
    title: 'Create Team Folder',
    description: 'A shared folder of the whole team: choose who has access once it is created.',
  },
};

/** "New Folder" (or "New team folder") and its dialog: Folder Name, Cancel, Create; Enter submits. */
export function NewFolderDialog({ parentId, kind = 'folder' }: { parentId: string; kind?: keyof typeof KINDS }) {
  const [open, setOpen] = useState(false);
  const form = useZodForm(newFolderFormSchema, { name: '' });
  const [createInFolder, inFolder] = useCreateFolderMutation();
  const [createTeamFolder, teamFolder] = useCreateTeamFolderMutation();
  const isLoading = inFolder.isLoading || teamFolder.isLoading;
  const words = KINDS[kind];
  const createFolder = ({ name }: { name: string; parentId: string }) => (kind === 'team' ? createTeamFolder({ name }) : createInFolder({ name, parentId }));

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
          {words.trigger}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{words.title}</DialogTitle>
          <DialogDescription>{words.description}</DialogDescription>
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
