import { useEffect, useRef, useState, type DragEvent } from 'react';
import { CheckCircle2, CloudUpload, File as FileIcon, X } from 'lucide-react';
import { Button, cn, Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, Progress, toast } from '@coffer/ui';
import { formatMegabytes } from '@coffer/web-core/format';
import { useAccountPlanQuery } from '@coffer/web-core/store';
import { formatFileLimit, ROOT_FOLDER, type MultipartUpload } from '@coffer/contracts';
import { planFeatures } from '@coffer/plans';
import { FolderPicker, keepOpenOnPickerEscape } from '../../../components/folder-picker';
import { useCancelUploadMutation, useListUploadsQuery } from '../api/upload-api';
import { useUploadQueue, type ChosenFile } from '../hooks/use-upload-queue';
import { UnfinishedUploads } from './unfinished-uploads';
import { useReplaceOrKeep } from '../hooks/use-replace-or-keep';

interface UploadDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The folder the user is in: preselected. */
  currentFolderId?: string;
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
export function UploadDialog({ open, onOpenChange, currentFolderId = ROOT_FOLDER }: UploadDialogProps) {
  const [folderId, setFolderId] = useState(currentFolderId);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  // The user's own largest file (the server checks it again); the trial's if the plan cannot be read.
  const plan = useAccountPlanQuery(undefined, { skip: !open });
  const maxFileBytes = (plan.data?.features ?? planFeatures(null)).maxFileBytes;
  const queue = useUploadQueue(maxFileBytes);
  const { chosen, uploading } = queue;
  const uploads = useListUploadsQuery(undefined, { skip: !open, refetchOnMountOrArgChange: true });
  const unfinished = uploads.data?.items ?? NO_UPLOADS;
  // Files chosen before the plan's largest file and the unfinished uploads are known wait for them: judged
  // by the trial's limit a paid plan's big file would be refused, and one that could resume would start over.
  const known = (plan.data !== undefined || plan.isError) && (uploads.data !== undefined || uploads.isError);
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
    if (uploading) return;
    onOpenChange(next);
    if (!next) {
      queue.reset();
      setWaiting([]);
    }
  };

  const add = (files: FileList | null) => {
    if (!files) return;
    // Copied now: the input's list is live, and emptied as soon as the input is reset for the next choice.
    const picked = Array.from(files);
    if (known) queue.add(picked, unfinished);
    else setWaiting((held) => [...held, ...picked]);
  };
  useEffect(() => {
    if (!known || waiting.length === 0) return;
    queue.add(waiting, unfinished);
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the held files join the queue once both queries have answered (an outside system); adding numbers them, so not during render
    setWaiting([]);
  }, [known, waiting, queue, unfinished]);

  /** Cancel while uploading: every transfer stops, the server keeps nothing of them, and the dialog closes. */
  const cancelAll = () => {
    queue.cancelAll();
    queue.reset();
    onOpenChange(false);
  };

  const upload = async () => {
    // A name the folder already has: Replace or Keep both, asked before anything is sent (Back: nothing is).
    const onExisting = await replaceOrKeep.ask(
      folderId,
      chosen.filter((c) => c.status === 'ready' || c.status === 'failed').map((c) => c.file.name),
    );
    if (!onExisting) return;
    const { uploaded, failure } = await queue.uploadAll(folderId, onExisting);
    if (uploaded > 0) toast({ title: `${uploaded} file(s) uploaded successfully` });
    if (failure) {
      toast({ variant: 'destructive', title: 'Failed to upload files', description: failure });
    } else if (uploaded > 0) {
      onOpenChange(false);
      queue.reset();
    }
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!uploading) add(event.dataTransfer.files);
  };

  const pending = chosen.filter((c) => c.status !== 'done').length;

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-h-[90svh] overflow-y-auto sm:max-w-lg" onEscapeKeyDown={keepOpenOnPickerEscape}>
        <DialogHeader>
          <DialogTitle>Upload Files</DialogTitle>
          <DialogDescription>Choose a folder and the files to upload.</DialogDescription>
        </DialogHeader>
        <div className="flex min-w-0 flex-col gap-4">
          <FolderPicker id="upload-folder" value={folderId} onChange={setFolderId} disabled={uploading} />

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
            <p className="text-sm">Drag and drop files here, or</p>
            <Button type="button" variant="outline" size="sm" disabled={uploading} onClick={() => input.current?.click()}>
              Browse Files
            </Button>
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

          {queue.refused.length > 0 && (
            <div role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive">
              {queue.refused.map((line) => (
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
                    <span className="min-w-0 flex-1 truncate text-sm" title={c.file.name}>
                      {c.file.name}
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
                  {(c.status !== 'ready' || c.resumes) && <Progress value={c.progress} aria-label={`Uploading ${c.file.name}`} />}
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
          <Button type="button" disabled={uploading || pending === 0} onClick={() => void upload()}>
            {uploading ? 'Uploading...' : `Upload (${pending})`}
          </Button>
        </DialogFooter>
        {replaceOrKeep.question}
      </DialogContent>
    </Dialog>
  );
}
