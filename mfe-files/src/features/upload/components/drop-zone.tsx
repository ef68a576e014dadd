import { useRef, useState, type DragEvent, type ReactNode } from 'react';
import { CloudUpload } from 'lucide-react';
import { cn } from '@coffer/ui';
import { readDrop } from '../lib/picked-files';
import { requestUpload } from '../lib/upload-requests';

/** Whether a drag carries files from the person's computer (not a card being moved, nor text). */
const carriesFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');

interface FileDropZoneProps {
  /** The folder the list shows: what is dropped is uploaded there. */
  folderId: string;
  /** Off where the person may not add files (Can view). */
  disabled?: boolean;
  children: ReactNode;
}

/**
 * A file list that takes files and folders dropped anywhere on it, uploading them into the folder it shows
 * (the uploads go on in the tray). While files are dragged over it, it says where they will go.
 */
export function FileDropZone({ folderId, disabled, children }: FileDropZoneProps) {
  const [dragging, setDragging] = useState(false);
  // dragenter and dragleave fire for every child crossed: the zone is left when as many leaves as enters were seen.
  const depth = useRef(0);
  if (disabled) return <>{children}</>;

  const onDragEnter = (event: DragEvent) => {
    if (!carriesFiles(event)) return;
    depth.current += 1;
    setDragging(true);
  };
  const onDragOver = (event: DragEvent) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
  };
  const onDragLeave = (event: DragEvent) => {
    if (!carriesFiles(event)) return;
    depth.current = Math.max(0, depth.current - 1);
    if (depth.current === 0) setDragging(false);
  };
  const onDrop = (event: DragEvent) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    depth.current = 0;
    setDragging(false);
    void readDrop(event.dataTransfer).then((picked) => {
      if (picked.files.length > 0 || picked.folders.length > 0 || picked.unreadable.length > 0) requestUpload({ folderId, picked });
    });
  };

  return (
    <div
      data-drop-zone
      className="relative min-h-[calc(100svh-14rem)]"
      onDragEnter={onDragEnter}
      onDragOver={onDragOver}
      onDragLeave={onDragLeave}
      onDrop={onDrop}
    >
      {children}
      <div
        aria-hidden={!dragging}
        className={cn(
          'pointer-events-none absolute inset-0 z-20 hidden items-start justify-center rounded-xl border-2 border-dashed border-primary bg-primary/10 pt-16',
          dragging && 'flex',
        )}
      >
        <p role="status" className="flex items-center gap-2 rounded-md bg-background px-3 py-2 text-sm font-medium shadow">
          <CloudUpload aria-hidden className="size-5 text-primary" />
          Drop files or folders to upload them here
        </p>
      </div>
    </div>
  );
}
