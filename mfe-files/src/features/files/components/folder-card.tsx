import { Link } from 'react-router-dom';
import { Folder } from 'lucide-react';
import { Card, CardHeader, CardTitle } from '@coffer/ui';
import type { FileItem } from '@coffer/contracts';

/** A folder in the grid; opening it shows its contents. */
export function FolderCard({ folder }: { folder: FileItem }) {
  return (
    <Link
      to={`/dashboard/files/${encodeURIComponent(folder.id)}`}
      className="group block rounded-xl outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <Card className="h-full transition-shadow group-hover:shadow-md">
        <CardHeader className="flex-row items-center gap-3">
          <span aria-hidden className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-muted">
            <Folder className="size-5" />
          </span>
          <CardTitle className="truncate">{folder.name}</CardTitle>
        </CardHeader>
      </Card>
    </Link>
  );
}
