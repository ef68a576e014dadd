import { useEffect, useRef, useState, type DragEvent } from 'react';
import { CheckCircle2, CloudUpload, File as FileIcon, X } from 'lucide-react';
import {
  Button,
  cn,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Progress,
  toast,
} from '@coffer/ui';
import { formatFileSize } from '@coffer/web-core/format';
import { toApiError } from '@coffer/web-core/store';
import { putBytes } from '@coffer/web-core/upload';
import { MAX_UPLOAD_BYTES, ROOT_FOLDER } from '@coffer/contracts';
import { FolderSelect } from '../../../components/folder-select';
import { useFolderChoices } from '../../../hooks/use-folder-choices';
import { useCompleteUploadMutation, useCreateUploadMutation } from '../api/upload-api';

const TOO_LARGE = 'This file is larger than 50MB, the largest file Coffer accepts.';

interface ChosenFile {
  key: string;
  file: File;
  progress: number;
  status: 'ready' | 'uploading' | 'done' | 'failed';
  error?: string;
}

let nextKey = 0;

interface UploadDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The folder the user is in: preselected. */
  currentFolderId?: string;
}

/** Upload Files: a folder, files by drop or Browse Files, a progress bar per file. */
export function UploadDialog({ open, onOpenChange, currentFolderId = ROOT_FOLDER }: UploadDialogProps) {
  const folders = useFolderChoices();
  const [folderId, setFolderId] = useState(currentFolderId);
  const [chosen, setChosen] = useState<ChosenFile[]>([]);
  const [refused, setRefused] = useState<string[]>([]);
  const [dragging, setDragging] = useState(false);
  const [uploading, setUploading] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const [createUpload] = useCreateUploadMutation();
  const [completeUpload] = useCompleteUploadMutation();

  useEffect(() => {
    if (open) setFolderId(currentFolderId);
  }, [open, currentFolderId]);

  const close = (next: boolean) => {
    if (uploading) return;
    onOpenChange(next);
    if (!next) {
      setChosen([]);
      setRefused([]);
    }
  };

  const add = (files: FileList | null) => {
    if (!files) return;
    const tooLarge: string[] = [];
    const accepted: ChosenFile[] = [];
    for (const file of Array.from(files)) {
      if (file.size > MAX_UPLOAD_BYTES) tooLarge.push(`${file.name}: ${TOO_LARGE}`);
      else accepted.push({ key: `f${(nextKey += 1)}`, file, progress: 0, status: 'ready' });
    }
    setRefused(tooLarge);
    setChosen((current) => [...current.filter((c) => c.status !== 'done'), ...accepted]);
  };

  const update = (key: string, change: Partial<ChosenFile>) =>
    setChosen((current) => current.map((c) => (c.key === key ? { ...c, ...change } : c)));

  const uploadOne = async ({ key, file }: ChosenFile): Promise<void> => {
    update(key, { status: 'uploading', progress: 0, error: undefined });
    try {
      const slot = await createUpload({ name: file.name, size: file.size, mimeType: file.type || 'application/octet-stream', folderId }).unwrap();
      await putBytes(slot.url, slot.headers, file, (progress) => update(key, { progress }));
      await completeUpload(slot.uploadId).unwrap();
      update(key, { status: 'done', progress: 100 });
    } catch (error) {
      const message = error instanceof Error && !('status' in error) ? error.message : toApiError(error).message;
      update(key, { status: 'failed', error: message ?? 'The file could not be uploaded.' });
      throw new Error(message ?? 'The file could not be uploaded.');
    }
  };

  const upload = async () => {
    const queue = chosen.filter((c) => c.status === 'ready' || c.status === 'failed');
    if (queue.length === 0) return;
    setUploading(true);
    const results = await Promise.allSettled(queue.map(uploadOne));
    setUploading(false);
    const uploaded = results.filter((r) => r.status === 'fulfilled').length;
    const failures = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (uploaded > 0) toast({ title: `${uploaded} file(s) uploaded successfully` });
    if (failures.length > 0) {
      toast({ variant: 'destructive', title: 'Failed to upload files', description: (failures[0].reason as Error).message });
    } else {
      onOpenChange(false);
      setChosen([]);
      setRefused([]);
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
      <DialogContent className="max-h-[90svh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Upload Files</DialogTitle>
          <DialogDescription>Choose a folder and the files to upload.</DialogDescription>
        </DialogHeader>
        <div className="flex min-w-0 flex-col gap-4">
          <FolderSelect id="upload-folder" value={folderId} onChange={setFolderId} choices={folders} disabled={uploading} />

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
            <p className="text-xs text-muted-foreground">Maximum file size: 50MB</p>
          </div>

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
                    <span className="min-w-0 flex-1 truncate text-sm" title={c.file.name}>
                      {c.file.name}
                    </span>
                    <span className="shrink-0 text-xs text-muted-foreground">{formatFileSize(c.file.size)}</span>
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      className="size-7"
                      disabled={c.status === 'uploading'}
                      aria-label={`Remove ${c.file.name}`}
                      onClick={() => setChosen((current) => current.filter((x) => x.key !== c.key))}
                    >
                      <X aria-hidden />
                    </Button>
                  </div>
                  {c.status !== 'ready' && (
                    <Progress value={c.progress} aria-label={`Uploading ${c.file.name}`} />
                  )}
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
          <Button type="button" variant="outline" disabled={uploading} onClick={() => close(false)}>
            Cancel
          </Button>
          <Button type="button" disabled={uploading || pending === 0} onClick={() => void upload()}>
            {uploading ? 'Uploading...' : `Upload (${pending})`}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
