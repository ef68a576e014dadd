import { File } from 'lucide-react';
import { Card, CardDescription, CardHeader, CardTitle } from '@coffer/ui';
import { formatFileSize } from '@coffer/web-core';
import type { FileItem } from '@coffer/contracts';

/** A stored file in the grid. */
export function FileCard({ file }: { file: FileItem }) {
  return (
    <Card className="h-full">
      <CardHeader className="flex-row items-center gap-3">
        <span aria-hidden className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-muted">
          <File className="size-5" />
        </span>
        <div className="min-w-0">
          <CardTitle className="truncate">{file.name}</CardTitle>
          <CardDescription>{formatFileSize(file.size)}</CardDescription>
        </div>
      </CardHeader>
    </Card>
  );
}
