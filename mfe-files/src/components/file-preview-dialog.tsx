import { Download, Share2 } from 'lucide-react';
import { Button, Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, Spinner } from '@coffer/ui';
import { formatFileSize } from '@coffer/web-core/format';
import { downloadFile } from '../lib/open-link';
import type { FilePreview, OpenPreview } from '../hooks/use-file-preview';

const KIND_LABELS: Record<OpenPreview['kind'], string> = { image: 'Image', pdf: 'PDF', text: 'Text', video: 'Video', audio: 'Audio' };

/** The preview dialog of "View": the file inside the app, with Download and (for its owner) Share. */
export function FilePreviewDialog({ preview: { preview, close, mediaFailed } }: { preview: FilePreview }) {
  const target = preview?.target;
  const description = target
    ? [preview.kind && KIND_LABELS[preview.kind], target.size !== undefined && formatFileSize(target.size)].filter(Boolean).join(' · ')
    : '';

  return (
    <Dialog open={preview !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent
        className="flex max-h-[calc(100dvh-2rem)] flex-col sm:max-w-4xl"
        // The "Opening file" toast came after the dialog, so Radix gives it the Escape key: it closes the preview too.
        onKeyDown={(event) => {
          if (event.key === 'Escape') close();
        }}
      >
        <DialogHeader className="min-w-0 pr-6">
          <DialogTitle className="leading-snug break-all">{target?.name}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <div className="flex min-h-0 min-w-0 flex-1 flex-col">{preview && <PreviewBody preview={preview} onMediaError={mediaFailed} />}</div>
        {target && (
          <DialogFooter>
            {target.share && (
              <Button
                variant="outline"
                onClick={() => {
                  close();
                  target.share?.();
                }}
              >
                <Share2 aria-hidden />
                Share
              </Button>
            )}
            <Button onClick={() => void downloadFile(target.attachmentUrl, target.name)}>
              <Download aria-hidden />
              Download
            </Button>
          </DialogFooter>
        )}
      </DialogContent>
    </Dialog>
  );
}

function PreviewBody({ preview: { target, kind, content }, onMediaError }: { preview: OpenPreview; onMediaError: () => void }) {
  switch (content.status) {
    case 'loading':
      return (
        <div className="flex items-center justify-center gap-2 py-16 text-muted-foreground">
          <Spinner label="Loading preview" />
          <span>Loading preview...</span>
        </div>
      );
    case 'failed':
      return (
        <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-4 text-sm text-destructive">
          {content.message}
        </p>
      );
    case 'text':
      return (
        <div className="flex min-h-0 flex-col gap-2">
          {content.truncated && <p className="text-sm text-muted-foreground">Showing the first 1 MB of this file. Download it to see the rest.</p>}
          {/* Text only, never markup: React writes it as a text node. Focusable, so it scrolls from the keyboard. */}
          <pre
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be reachable from the keyboard (axe: scrollable-region-focusable)
            tabIndex={0}
            aria-label={`Contents of ${target.name}`}
            className="max-h-[60dvh] min-h-0 overflow-auto rounded-md border border-border bg-muted p-4 font-mono text-sm break-words whitespace-pre-wrap text-foreground"
          >
            {content.text}
          </pre>
        </div>
      );
    case 'ready':
      if (kind === 'image') {
        return <img src={content.src} alt={target.name} onError={onMediaError} className="mx-auto max-h-[65dvh] max-w-full rounded-md object-contain" />;
      }
      if (kind === 'pdf') {
        return <iframe src={content.src} title={`Preview of ${target.name}`} className="h-[65dvh] w-full rounded-md border border-border bg-muted" />;
      }
      if (kind === 'video') {
        return (
          // eslint-disable-next-line jsx-a11y/media-has-caption -- a preview of the user's own file: there are no captions to give it
          <video
            src={content.src}
            controls
            playsInline
            onError={onMediaError}
            aria-label={`Video ${target.name}`}
            className="mx-auto max-h-[65dvh] w-full rounded-md bg-black"
          />
        );
      }
      // eslint-disable-next-line jsx-a11y/media-has-caption -- a preview of the user's own file: there are no captions to give it
      return <audio src={content.src} controls onError={onMediaError} aria-label={`Audio ${target.name}`} className="w-full" />;
  }
}
