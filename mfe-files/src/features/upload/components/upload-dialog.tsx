import { useEffect, useRef, useState, type DragEvent } from 'react';
import { CheckCircle2, CloudUpload, File as FileIcon, FolderUp, X } from 'lucide-react';
import { Button, cn, Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, Progress, toast } from '@coffer/ui';
import { formatMegabytes } from '@coffer/web-core/format';
import { toApiError } from '@coffer/web-core/store';
import { formatFileLimit, ROOT_FOLDER, type MultipartUpload, type OnExisting } from '@coffer/contracts';
import { keepOpenOnPickerEscape } from '../../../components/folder-picker';
import { useCancelUploadMutation, useListUploadsQuery } from '../api/upload-api';
import { useUploadQueue, type ChosenFile } from '../hooks/use-upload-queue';
import { useFolderUpload } from '../hooks/use-folder-upload';
import { useUploadLimits } from '../hooks/use-upload-limits';
import { pickedFromInput, readDrop, shownName, type PickedFiles } from '../lib/picked-files';
import type { UploadRequest } from '../lib/upload-requests';
import { UnfinishedUploads } from './unfinished-uploads';
import { UploadDestination } from './upload-destination';
import { UploadTray } from './upload-tray';
import { useReplaceOrKeep } from '../hooks/use-replace-or-keep';

interface UploadDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The folder the user is in: preselected. */
  currentFolderId?: string;
  /** Files dropped on a file list, to send at once into the folder it showed (the top bar hands them over). */
  requests?: UploadRequest[];
  onRequestsTaken?: () => void;
  /** The uploads go on in the tray (the dialog closed on Upload): keep this mounted until `onTrayClosed`. */
  onTray?: () => void;
  /** The tray was closed: nothing is left to show. */
  onTrayClosed?: () => void;
}

/** What the X beside a chosen file does: cancel it while it goes, discard the parts a failed one left on the server, or take it off the list. */
function xLabel(c: ChosenFile): string {
  if (c.status === 'uploading') return `Cancel uploading ${c.file.name}`;
  if (c.status === 'failed' && c.resumes) return `Discard ${c.file.name} and the parts sent`;
  return `Remove ${c.file.name}`;
}

/** No unfinished uploads (one array, so that what depends on the list does not change at each render). */
const NO_UPLOADS: MultipartUpload[] = [];

/**
 * Upload Files: a folder, files by drop or Browse Files, a progress bar per
 * file. Big files go in parts and can be cancelled; one left unfinished (a
 * dropped connection, a closed tab) resumes when it is chosen again.
 */
export function UploadDialog({ open, onOpenChange, currentFolderId = ROOT_FOLDER, requests = [], onRequestsTaken, onTray, onTrayClosed }: UploadDialogProps) {
  const [folderId, setFolderId] = useState(currentFolderId);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  // The largest file the server will take here (it checks again): the user's plan's, or in a folder shared with
  // them the sharer's; the trial's if the plan cannot be read.
  const limits = useUploadLimits(currentFolderId);
  const { maxFileBytes } = limits;
  const queue = useUploadQueue(maxFileBytes);
  const { chosen, uploading } = queue;
  const folderUpload = useFolderUpload();
  const [preparing, setPreparing] = useState(false);
  /** Sends what is added without waiting for Upload (files dropped on a file list). */
  const [sendWhenReady, setSendWhenReady] = useState(false);
  const uploads = useListUploadsQuery(undefined, { refetchOnMountOrArgChange: true });
  const unfinished = uploads.data?.items ?? NO_UPLOADS;
  // Files chosen before the plan's largest file and the unfinished uploads are known wait for them: judged
  // by the trial's limit a paid plan's big file would be refused, and one that could resume would start over.
  const known = limits.known && (uploads.data !== undefined || uploads.isError);
  const [waiting, setWaiting] = useState<File[]>([]);
  const inHand = new Set(chosen.flatMap((c) => (c.resumes ? [c.resumes.uploadId] : [])));
  const [cancelUpload] = useCancelUploadMutation();
  const replaceOrKeep = useReplaceOrKeep();

  // Each time it opens, the dialog starts in the folder the user is in.
  const [folderFor, setFolderFor] = useState({ open, currentFolderId });
  if (folderFor.open !== open || folderFor.currentFolderId !== currentFolderId) {
    setFolderFor({ open, currentFolderId });
    if (open) setFolderId(currentFolderId);
  }

  const close = (next: boolean) => {
    if (uploading || preparing) return;
    onOpenChange(next);
    if (!next) {
      queue.reset();
      folderUpload.reset();
      setWaiting([]);
      onTrayClosed?.();
    }
  };

  /** Adds what was picked (files, or a folder's tree); `base`: the folder a file list showed when it was dropped there. */
  const addPicked = (picked: PickedFiles, base?: string) => {
    folderUpload.remember(picked, base);
    if (known) queue.add(picked.files, unfinished);
    else setWaiting((held) => [...held, ...picked.files]);
  };
  const add = (files: FileList | null) => {
    // Copied now: the input's list is live, and emptied as soon as the input is reset for the next choice.
    if (files) addPicked(pickedFromInput(files));
  };

  // Files dropped on a file list go at once (into the tray), into the folder that list showed.
  useEffect(() => {
    if (requests.length === 0) return;
    // The drops come from another part of the page (a file list), handed over through the top bar.
    // eslint-disable-next-line react-hooks/set-state-in-effect -- taken into this dialog's lists once per hand-over
    for (const request of requests) addPicked(request.picked, request.folderId);
    setSendWhenReady(true);
    onRequestsTaken?.();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- taken once per hand-over
  }, [requests]);
  useEffect(() => {
    if (!known || waiting.length === 0) return;
    queue.add(waiting, unfinished);
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the held files join the queue once both queries have answered (an outside system); adding numbers them, so not during render
    setWaiting([]);
  }, [known, waiting, queue, unfinished]);

  /** Cancel while uploading: every transfer stops, the server keeps nothing of them, and the dialog (or tray) closes. */
  const cancelAll = () => {
    queue.cancelAll();
    closeTray();
  };
  const closeTray = () => {
    queue.reset();
    folderUpload.reset();
    onOpenChange(false);
    onTrayClosed?.();
  };

  /**
   * Makes the folders of a folder upload, then sends the files, each into its folder, in the tray: the dialog
   * closes and the page stays usable. At the end, how many arrived; a failure stays listed with Retry (when all
   * arrived, the tray closes).
   */
  const upload = async () => {
    const files = chosen.filter((c) => c.status !== 'done').map((c) => c.file);
    let placeOf: ((file: File) => string) | undefined;
    let onExisting: ReadonlyMap<string, OnExisting> = new Map();
    if (folderUpload.placesFiles(files)) {
      setPreparing(true);
      try {
        placeOf = await folderUpload.prepare(files, folderId);
      } catch (error) {
        toast({ variant: 'destructive', title: 'Failed to upload files', description: toApiError(error).message });
        return;
      } finally {
        setPreparing(false);
      }
    } else {
      // A name the folder already has: Replace or Keep both, asked before anything is sent (Back: nothing is).
      const choices = await replaceOrKeep.ask(
        folderId,
        chosen.filter((c) => c.status === 'ready' || c.status === 'failed').map((c) => c.file.name),
      );
      if (!choices) return;
      onExisting = choices;
    }
    onTray?.();
    onOpenChange(false);
    const { uploaded, failure } = await queue.uploadAll(folderId, placeOf && ((c) => placeOf(c.file)), onExisting);
    if (uploaded > 0) toast({ title: `${uploaded} file(s) uploaded successfully` });
    if (failure) toast({ variant: 'destructive', title: 'Failed to upload files', description: failure });
  };

  const ready = chosen.some((c) => c.status === 'ready') || folderUpload.folderCount > 0;
  useEffect(() => {
    if (!sendWhenReady || !known || uploading || preparing || waiting.length > 0 || !ready) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- dropped files start once the limits are known and nothing else is being sent
    setSendWhenReady(false);
    void upload();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- upload reads the files of this render
  }, [sendWhenReady, known, uploading, preparing, waiting.length, ready]);

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!uploading) void readDrop(event.dataTransfer).then((picked) => addPicked(picked));
  };

  const pending = chosen.filter((c) => c.status !== 'done').length;
  const refused = [...folderUpload.unreadable, ...queue.refused];

  // Everything arrived (the toast says so): the tray goes; it stays while something failed or was refused.
  const allArrived = !open && !uploading && !preparing && !sendWhenReady && chosen.length > 0 && pending === 0 && refused.length === 0;
  useEffect(() => {
    if (!allArrived) return;
    closeTray();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- closes once per finished upload
  }, [allArrived]);

  if (!open)
    return chosen.length > 0 || refused.length > 0 ? (
      <>
        {replaceOrKeep.question}
        <UploadTray
          chosen={chosen}
          refused={refused}
          uploading={uploading || preparing}
          onRetry={() => void upload()}
          onRemove={queue.remove}
          onCancel={cancelAll}
          onClose={closeTray}
        />
      </>
    ) : null;

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-h-[90svh] overflow-y-auto sm:max-w-lg" onEscapeKeyDown={keepOpenOnPickerEscape}>
        <DialogHeader>
          <DialogTitle>Upload Files</DialogTitle>
          <DialogDescription>Choose a folder and the files to upload.</DialogDescription>
        </DialogHeader>
        <div className="flex min-w-0 flex-col gap-4">
          <UploadDestination folderId={folderId} onChange={setFolderId} disabled={uploading} sharedFolder={limits.sharedFolder} />

          <div
            onDragOver={(event) => {
              if (!event.dataTransfer.types.includes('Files')) return;
              event.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
            className={cn(
              'flex flex-col items-center gap-2 rounded-xl border-2 border-dashed border-border px-4 py-8 text-center',
              dragging && 'border-primary bg-primary/5',
            )}
          >
            <CloudUpload aria-hidden className="size-10 text-muted-foreground" />
            <p className="text-sm">Drag and drop files or folders here, or</p>
            <div className="flex flex-wrap justify-center gap-2">
              <Button type="button" variant="outline" size="sm" disabled={uploading} onClick={() => input.current?.click()}>
                Browse Files
              </Button>
              <Button type="button" variant="outline" size="sm" disabled={uploading} onClick={() => folderInput.current?.click()}>
                <FolderUp aria-hidden />
                Upload folder
              </Button>
            </div>
            <input
              ref={folderInput}
              type="file"
              // A whole folder: each file comes with its path inside it (webkitRelativePath).
              {...{ webkitdirectory: '' }}
              multiple
              aria-label="Choose a directory to upload"
              className="sr-only"
              tabIndex={-1}
              onChange={(event) => {
                add(event.target.files);
                event.target.value = '';
              }}
            />
            <input
              ref={input}
              type="file"
              multiple
              aria-label="Choose files"
              className="sr-only"
              tabIndex={-1}
              onChange={(event) => {
                add(event.target.files);
                event.target.value = '';
              }}
            />
            {known ? (
              <p className="text-xs text-muted-foreground">Maximum file size: {formatFileLimit(maxFileBytes)}</p>
            ) : (
              <p role="status" className="text-xs text-muted-foreground">
                {waiting.length > 0 ? `Checking ${waiting.length} file(s) against your plan...` : 'Checking your plan...'}
              </p>
            )}
          </div>

          <UnfinishedUploads uploads={unfinished.filter((u) => !inHand.has(u.uploadId))} onDiscard={(uploadId) => void cancelUpload(uploadId)} />

          {refused.length > 0 && (
            <div role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive">
              {refused.map((line) => (
                <p key={line}>{line}</p>
              ))}
            </div>
          )}

          {chosen.length > 0 && (
            <ul aria-label="Chosen files" className="flex flex-col gap-2">
              {chosen.map((c) => (
                <li key={c.key} className="flex flex-col gap-1.5 rounded-md border border-border p-2">
                  <div className="flex items-center gap-2">
                    {c.status === 'done' ? (
                      <CheckCircle2 aria-hidden className="size-4 shrink-0 text-primary" />
                    ) : (
                      <FileIcon aria-hidden className="size-4 shrink-0 text-muted-foreground" />
                    )}
                    <span className="min-w-0 flex-1 truncate text-sm" title={shownName(c.file)}>
                      {shownName(c.file)}
                    </span>
                    <span className="shrink-0 text-xs text-muted-foreground">{formatMegabytes(c.file.size)}</span>
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      className="size-7"
                      disabled={c.status === 'done'}
                      aria-label={xLabel(c)}
                      onClick={() => queue.remove(c.key)}
                    >
                      <X aria-hidden />
                    </Button>
                  </div>
                  {c.status === 'ready' && c.resumes && <p className="text-xs text-muted-foreground">Resumes where it stopped ({c.progress}% sent)</p>}
                  {c.status === 'waiting' && <p className="text-xs text-muted-foreground">Waiting</p>}
                  {((c.status !== 'ready' && c.status !== 'waiting') || c.resumes) && <Progress value={c.progress} aria-label={`Uploading ${c.file.name}`} />}
                  {c.error && (
                    <p role="alert" className="text-xs text-destructive">
                      {c.error}
                    </p>
                  )}
                </li>
              ))}
            </ul>
          )}
        </div>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={uploading ? cancelAll : () => close(false)}>
            Cancel
          </Button>
          <Button type="button" disabled={uploading || preparing || (pending === 0 && folderUpload.folderCount === 0)} onClick={() => void upload()}>
            {uploading || preparing ? 'Uploading...' : `Upload (${pending})`}
          </Button>
        </DialogFooter>
        {replaceOrKeep.question}
      </DialogContent>
    </Dialog>
  );
}
