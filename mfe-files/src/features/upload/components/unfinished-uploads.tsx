import { Button, Progress } from '@coffer/ui';
import type { MultipartUpload } from '@coffer/contracts';
import { formatFileSize } from '@coffer/web-core/format';
import { storedPercent } from '../hooks/use-upload-queue';

interface UnfinishedUploadsProps {
  uploads: MultipartUpload[];
  onDiscard: (uploadId: string) => void;
}

/**
 * Big uploads that stopped before the end (a dropped connection, a closed tab):
 * choosing the same file again resumes one from the parts already stored;
 * Discard drops it and everything sent.
 */
export function UnfinishedUploads({ uploads, onDiscard }: UnfinishedUploadsProps) {
  if (uploads.length === 0) return null;
  return (
    <section aria-labelledby="unfinished-uploads" className="flex flex-col gap-2 rounded-md border border-border bg-muted/40 p-3">
      <h3 id="unfinished-uploads" className="text-sm font-medium">
        Unfinished uploads
      </h3>
      <p className="text-xs text-muted-foreground">Choose the same file again to resume where it stopped.</p>
      <ul className="flex flex-col gap-2">
        {uploads.map((u) => (
          <li key={u.uploadId} className="flex flex-col gap-1.5">
            <div className="flex items-center gap-2">
              <span className="min-w-0 flex-1 truncate text-sm" title={u.name}>
                {u.name}
              </span>
              <span className="shrink-0 text-xs text-muted-foreground">
                {storedPercent(u)}% of {formatFileSize(u.size)}
              </span>
              <Button type="button" variant="ghost" size="sm" className="h-7" aria-label={`Discard ${u.name}`} onClick={() => onDiscard(u.uploadId)}>
                Discard
              </Button>
            </div>
            <Progress value={storedPercent(u)} aria-label={`${u.name}: sent so far`} />
          </li>
        ))}
      </ul>
    </section>
  );
}
