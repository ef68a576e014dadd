import { useState } from 'react';
import { useLocation } from '@coffer/web-core/router';
import { Upload } from 'lucide-react';
import { Button } from '@coffer/ui';
import { ROOT_FOLDER } from '@coffer/contracts';
import { useFolderLevel } from '../../../hooks/use-folder-level';
import { UploadDialog } from './upload-dialog';

/** The top bar's Upload button (not in a team folder or shared folder the user may only view); the dialog preselects the folder the user is in. */
export function UploadButton() {
  const [open, setOpen] = useState(false);
  // A folder of Files, or a folder shared with the user (under Shared).
  const folderInPath = /^\/dashboard\/(?:files|shared)\/([^/]+)/.exec(useLocation().pathname)?.[1];
  const currentFolderId = folderInPath ? decodeURIComponent(folderInPath) : ROOT_FOLDER;
  const { level } = useFolderLevel(currentFolderId);
  if (level === 'view') return null;
  return (
    <>
      <Button size="sm" onClick={() => setOpen(true)}>
        <Upload aria-hidden />
        <span className="max-sm:sr-only">Upload</span>
      </Button>
      {open && <UploadDialog open={open} onOpenChange={setOpen} currentFolderId={currentFolderId} />}
    </>
  );
}
