import type { FolderPath } from '@coffer/contracts';
import { Label } from '@coffer/ui';
import { FolderPicker } from '../../../components/folder-picker';

interface UploadDestinationProps {
  folderId: string;
  onChange: (folderId: string) => void;
  disabled?: boolean;
  /** The folder another account shared with the person, when they upload from it: the files go there. */
  sharedFolder?: FolderPath;
}

/**
 * The Upload dialog's "Folder": the person's folders to choose from; in a folder shared with them, that folder
 * (under Shared), since their own folders are not where they are adding to.
 */
export function UploadDestination({ folderId, onChange, disabled, sharedFolder }: UploadDestinationProps) {
  if (!sharedFolder) return <FolderPicker id="upload-folder" value={folderId} onChange={onChange} disabled={disabled} />;
  return (
    <div className="flex min-w-0 flex-col gap-2">
      <Label htmlFor="upload-folder">Folder</Label>
      <output id="upload-folder" className="flex h-9 min-w-0 items-center rounded-md border border-input bg-muted/40 px-3 text-sm">
        <span className="min-w-0 truncate">{['Shared', ...sharedFolder.path.map((step) => step.name)].join(' / ')}</span>
      </output>
      <p className="text-xs text-muted-foreground">Files added here count against the storage of the account that shared this folder.</p>
    </div>
  );
}
