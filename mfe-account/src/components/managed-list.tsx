import type { ReactNode } from 'react';
import { Trash2 } from 'lucide-react';
import { Button, Skeleton } from '@coffer/ui';

interface ManagedListProps {
  /** The list's accessible name. */
  label: string;
  isLoading: boolean;
  /** What the spec says when the list cannot load (e.g. "Failed to load team members"). */
  errorText?: string;
  /** The server's reason beneath it (a plan or role refusal, say). */
  errorDetail?: string | null;
  emptyText: string;
  count: number;
  children: ReactNode;
}

/** A list the account manages (team members, user roles): loading, its failure, its empty state, or its rows. */
export function ManagedList({ label, isLoading, errorText, errorDetail, emptyText, count, children }: ManagedListProps) {
  if (isLoading) return <Skeleton className="h-12 w-full" />;
  if (errorText)
    return (
      <div role="alert" className="flex flex-col gap-1 text-sm">
        <p className="font-medium text-destructive">{errorText}</p>
        {errorDetail && <p className="text-muted-foreground">{errorDetail}</p>}
      </div>
    );
  if (count === 0) return <p className="text-sm text-muted-foreground">{emptyText}</p>;
  return (
    <ul aria-label={label} className="flex flex-col divide-y divide-border">
      {children}
    </ul>
  );
}

/** The trash button at the end of a managed row. */
export function RemoveButton({ label, pending, onRemove, className }: { label: string; pending: boolean; onRemove: () => void; className?: string }) {
  return (
    <Button variant="ghost" size="icon" aria-label={label} disabled={pending} onClick={onRemove} className={className}>
      <Trash2 aria-hidden className="size-4" />
    </Button>
  );
}
