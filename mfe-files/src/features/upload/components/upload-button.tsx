import { useState } from 'react';
import { useLocation } from '@coffer/web-core/router';
import { Upload } from 'lucide-react';
import { Button } from '@coffer/ui';
import { ROOT_FOLDER } from '@coffer/contracts';
import { useFolderLevel } from '../../../hooks/use-folder-level';
import { useUploadRequests, type UploadRequest } from '../lib/upload-requests';
import { UploadDialog } from './upload-dialog';

/**
 * The top bar's Upload button (not in a team folder or shared folder the user may only view); the dialog preselects
 * the folder the user is in. The uploads' tray lives here too, so it stays on every tab.
 */
export function UploadButton() {
  const [open, setOpen] = useState(false);
  // Once Upload is pressed (or files are dropped on a file list) the uploads go on in the tray: the dialog stays
  // mounted, here in the top bar, while the person moves between folders and tabs.
  const [inTray, setInTray] = useState(false);
  const [requests, setRequests] = useState<UploadRequest[]>([]);
  useUploadRequests((request) => {
    setRequests((current) => [...current, request]);
    setInTray(true);
  });
  // A folder of Files, or a folder shared with the user (under Shared).
  const folderInPath = /^\/dashboard\/(?:files|shared)\/([^/]+)/.exec(useLocation().pathname)?.[1];
  const currentFolderId = folderInPath ? decodeURIComponent(folderInPath) : ROOT_FOLDER;
  const { level } = useFolderLevel(currentFolderId);
  return (
    <>
      {level !== 'view' && (
        <Button size="sm" onClick={() => setOpen(true)}>
          <Upload aria-hidden />
          <span className="max-sm:sr-only">Upload</span>
        </Button>
      )}
      {(open || inTray) && (
        <UploadDialog
          open={open}
          onOpenChange={setOpen}
          currentFolderId={currentFolderId}
          requests={requests}
          onRequestsTaken={() => setRequests([])}
          onTray={() => setInTray(true)}
          onTrayClosed={() => setInTray(false)}
        />
      )}
    </>
  );
}
