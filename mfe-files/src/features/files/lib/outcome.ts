import type { BulkAction } from '../api/bulk-actions-api';

/** What each action did, as a toast's title says it: one item as the spec words it ("File moved to trash"), several counted. */
const DONE: Record<BulkAction, { one: (kind: 'File' | 'Folder') => string; many: string; failed: string; refusedAs: string }> = {
  move: { one: (kind) => `${kind} moved successfully`, many: 'moved', failed: 'Failed to move file', refusedAs: 'moved' },
  trash: { one: (kind) => `${kind} moved to trash`, many: 'moved to trash', failed: 'Failed to move to trash', refusedAs: 'moved to trash' },
  restore: { one: (kind) => `${kind} restored`, many: 'restored', failed: 'Failed to restore', refusedAs: 'restored' },
  delete: { one: (kind) => `${kind} deleted forever`, many: 'deleted forever', failed: 'Failed to delete', refusedAs: 'deleted' },
};

const items = (n: number) => `${n.toLocaleString('en-US')} item${n === 1 ? '' : 's'}`;

/**
 * The toast after an action on a selection: how many were done ("3 items moved to trash"; one item in the spec's
 * words), and how many could not be with the first reason; nothing done is a failure.
 */
export function outcomeToast(action: BulkAction, done: number, refused: { message: string }[], kindOfOne: 'File' | 'Folder' | undefined) {
  const words = DONE[action];
  const why = refused.length > 0 ? `${items(refused.length)} could not be ${words.refusedAs}: ${refused[0].message}` : undefined;
  if (done === 0) return { variant: 'destructive' as const, title: words.failed, description: why };
  const title = done === 1 && kindOfOne && refused.length === 0 ? words.one(kindOfOne) : `${items(done)} ${words.many}`;
  return { title, description: why };
}
