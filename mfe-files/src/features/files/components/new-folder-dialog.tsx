import { useState } from 'react';
import { FolderPlus } from 'lucide-react';
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
  Input,
  Label,
  toast,
} from '@coffer/ui';
import { toApiError } from '@coffer/web-core/store';
import { useCreateFolderMutation } from '../../../lib/files-api';

const NAME_REQUIRED = 'Please enter a folder name';

/** "New Folder" and its dialog: Folder Name, Cancel, Create; Enter submits. */
export function NewFolderDialog({ parentId }: { parentId: string }) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [createFolder, { isLoading }] = useCreateFolderMutation();

  const reset = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setName('');
      setError(null);
    }
  };

  const submit = async () => {
    if (name.trim() === '') {
      setError(NAME_REQUIRED);
      return;
    }
    try {
      await createFolder({ name: name.trim(), parentId }).unwrap();
      toast({ title: 'Folder created successfully' });
      reset(false);
    } catch (caught) {
      const { status, message } = toApiError(caught);
      // A refused name is the field's problem; anything else is the toast's.
      if (status === 400 && message) setError(message);
      else toast({ variant: 'destructive', title: 'Failed to create folder', description: message ?? undefined });
    }
  };

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
        <form
          noValidate
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <div className="flex flex-col gap-2">
            <Label htmlFor="new-folder-name">Folder Name</Label>
            <Input
              id="new-folder-name"
              autoFocus
              value={name}
              maxLength={255}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'new-folder-error' : undefined}
              onChange={(event) => {
                setName(event.target.value);
                if (error) setError(null);
              }}
            />
            {error && (
              <p id="new-folder-error" className="text-sm text-destructive">
                {error}
              </p>
            )}
          </div>
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
