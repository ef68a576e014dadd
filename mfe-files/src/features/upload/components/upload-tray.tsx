import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { ChevronDown, ChevronUp, RotateCcw, X } from 'lucide-react';
import { Button, Progress } from '@coffer/ui';
import { formatFileSize } from '@coffer/web-core/format';
import type { ChosenFile } from '../hooks/use-upload-queue';
import { shownName } from '../lib/picked-files';

interface UploadTrayProps {
  chosen: ChosenFile[];
  /** Files refused before sending (over the largest file) or that could not be read, each with why. */
  refused: string[];
  uploading: boolean;
  /** Sends the failed files again. */
  onRetry: () => void;
  /** Takes a file off (cancels it if it is being sent). */
  onRemove: (key: string) => void;
  /** Stops every transfer under way. */
  onCancel: () => void;
  onClose: () => void;
}

/** The files in progress the tray names (the whole count is in its progress line). */
const NAMED_IN_PROGRESS = 3;
const PHONE = '(max-width: 639px)';

/** Whether the screen is a phone's width now (the tray starts folded there). */
function usePhoneWidth() {
  return useSyncExternalStore(
    (changed) => {
      const query = window.matchMedia?.(PHONE);
      query?.addEventListener('change', changed);
      return () => query?.removeEventListener('change', changed);
    },
    () => window.matchMedia?.(PHONE).matches ?? false,
    () => false,
  );
}

/** The whole upload in numbers: files done of all, and the bytes sent of all. */
export function uploadProgress(chosen: ChosenFile[]) {
  const total = chosen.length;
  const done = chosen.filter((c) => c.status === 'done').length;
  const failed = chosen.filter((c) => c.status === 'failed').length;
  const bytesTotal = chosen.reduce((sum, c) => sum + c.file.size, 0);
  const bytesSent = chosen.reduce((sum, c) => sum + (c.status === 'done' ? c.file.size : Math.round((c.file.size * c.progress) / 100)), 0);
  const percent = bytesTotal > 0 ? Math.floor((bytesSent * 100) / bytesTotal) : total > 0 ? Math.floor((done * 100) / total) : 0;
  return { total, done, failed, bytesTotal, bytesSent, percent };
}

/** Keeps room under the page for the tray, so that it never sits over the last row's actions. */
function useRoomBelow(tray: React.RefObject<HTMLElement | null>) {
  useEffect(() => {
    const element = tray.current;
    if (!element || typeof ResizeObserver === 'undefined') return undefined;
    const body = document.body;
    const before = body.style.paddingBottom;
    const observer = new ResizeObserver(() => {
      body.style.paddingBottom = `${element.offsetHeight + 24}px`;
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      body.style.paddingBottom = before;
    };
  }, [tray]);
}

/**
 * The uploads under way, in a corner of the page once Upload is pressed: one progress for the whole (files and
 * bytes), each failure with its reason and Retry, folded to one line on request (and at first on a phone). It
 * stays while the person moves between folders and tabs, and never blocks the page.
 */
export function UploadTray({ chosen, refused, uploading, onRetry, onRemove, onCancel, onClose }: UploadTrayProps) {
  // Folded on a phone until the person opens it; what they choose holds.
  const phone = usePhoneWidth();
  const [chosenFolding, setFolded] = useState<boolean>();
  const folded = chosenFolding ?? phone;
  const tray = useRef<HTMLElement>(null);
  useRoomBelow(tray);
  const { total, done, failed, bytesTotal, bytesSent, percent } = uploadProgress(chosen);
  const waiting = chosen.filter((c) => c.status === 'ready').length;
  const title = uploading
    ? `Uploading ${done} of ${total} file(s)`
    : waiting > 0
      ? `Getting ${waiting} file(s) ready to upload`
      : failed > 0
        ? `${failed} of ${total} file(s) not uploaded`
        : refused.length > 0 && done === 0
          ? 'Nothing was uploaded'
          : `${done} file(s) uploaded`;
  const going = chosen.filter((c) => c.status === 'uploading');
  const failures = chosen.filter((c) => c.status === 'failed');
  const inLine = chosen.filter((c) => c.status === 'waiting').length;

  return (
    <section
      ref={tray}
      aria-label="Uploads"
      className="fixed inset-x-3 bottom-3 z-40 flex max-h-[50svh] flex-col rounded-lg border border-border bg-background shadow-lg sm:left-auto sm:w-96"
    >
      <div className="flex items-center gap-1 py-1.5 pr-1.5 pl-3">
        <p role="status" className="min-w-0 flex-1 truncate text-sm font-medium">
          {title}
        </p>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className="size-8"
          aria-expanded={!folded}
          aria-label={folded ? 'Show uploads' : 'Hide uploads'}
          onClick={() => setFolded(!folded)}
        >
          {folded ? <ChevronUp aria-hidden /> : <ChevronDown aria-hidden />}
        </Button>
        {uploading ? (
          <Button type="button" variant="ghost" size="sm" className="h-8" onClick={onCancel}>
            Cancel
          </Button>
        ) : (
          <Button type="button" variant="ghost" size="icon" className="size-8" aria-label="Close uploads" onClick={onClose}>
            <X aria-hidden />
          </Button>
        )}
      </div>
      <div className="flex flex-col gap-1 px-3 pb-2">
        <Progress value={percent} aria-label="Upload progress" />
        <p className="text-xs text-muted-foreground">
          {done} of {total} files · {formatFileSize(bytesSent)} of {formatFileSize(bytesTotal)}
        </p>
      </div>
      {!folded && (refused.length > 0 || failures.length > 0 || going.length > 0 || inLine > 0) && (
        <div className="flex min-h-0 flex-col gap-2 overflow-y-auto border-t border-border px-3 py-2">
          {refused.length > 0 && (
            <div role="alert" className="flex flex-col gap-1 text-xs text-destructive">
              {refused.map((line) => (
                <p key={line} className="break-words">
                  {line}
                </p>
              ))}
            </div>
          )}
          {failures.length > 0 && (
            <>
              <ul aria-label="Not uploaded" className="flex flex-col gap-1.5">
                {failures.map((c) => (
                  <li key={c.key} className="flex items-start gap-2">
                    <div className="min-w-0 flex-1">
                      <p className="truncate text-sm" title={shownName(c.file)}>
                        {shownName(c.file)}
                      </p>
                      <p role="alert" className="text-xs break-words text-destructive">
                        {c.error}
                      </p>
                    </div>
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      className="size-7 shrink-0"
                      aria-label={`Remove ${c.file.name}`}
                      onClick={() => onRemove(c.key)}
                    >
                      <X aria-hidden />
                    </Button>
                  </li>
                ))}
              </ul>
              {!uploading && (
                <Button type="button" variant="outline" size="sm" className="self-start" onClick={onRetry}>
                  <RotateCcw aria-hidden />
                  Retry
                </Button>
              )}
            </>
          )}
          {going.length > 0 && (
            <ul aria-label="Uploading now" className="flex flex-col gap-1.5">
              {going.slice(0, NAMED_IN_PROGRESS).map((c) => (
                <li key={c.key} className="flex flex-col gap-1">
                  <p className="truncate text-xs" title={shownName(c.file)}>
                    {shownName(c.file)}
                  </p>
                  <Progress value={c.progress} aria-label={`Uploading ${c.file.name}`} />
                </li>
              ))}
              {going.length > NAMED_IN_PROGRESS && <li className="text-xs text-muted-foreground">and {going.length - NAMED_IN_PROGRESS} more</li>}
            </ul>
          )}
          {inLine > 0 && <p className="text-xs text-muted-foreground">{inLine.toLocaleString()} waiting</p>}
        </div>
      )}
    </section>
  );
}
