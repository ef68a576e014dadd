import { z } from 'zod';
import { ErrorCode } from './errors.js';
import { folderRef } from './files.js';
import { message } from './messages.js';

/** Request/reply subjects of the files service's actions on a whole selection: one request per action, whatever its size. */
export const BulkActionSubject = {
  /** Moves every item of a selection into one folder (My files root, a folder, a team folder). */
  Move: 'files.bulk.move',
  Trash: 'files.bulk.trash',
  Restore: 'files.bulk.restore',
  /** Deletes every trashed item of a selection for good. */
  Delete: 'files.bulk.delete',
} as const;

/** The most items one bulk request may name (a larger selection is sent in several requests): its answer, every item refused with a reason, stays within one NATS message (1 MB). */
export const BULK_ITEMS_MAX = 5_000;
export const BULK_TOO_MANY = `Choose at most ${BULK_ITEMS_MAX.toLocaleString('en-US')} items at once.`;

/** A selection: the ids of its files and folders, each named once or more (repeats count once). */
export const bulkItemsSchema = z.object({
  items: z
    .array(z.uuid({ error: 'items must be file or folder ids' }), { error: 'items must be a list of file or folder ids' })
    .min(1, 'Choose at least one item')
    .max(BULK_ITEMS_MAX, BULK_TOO_MANY),
});
export type BulkItemsInput = z.input<typeof bulkItemsSchema>;
export const bulkMoveSchema = bulkItemsSchema.extend({ folderId: folderRef('folderId') });
export type BulkMoveInput = z.input<typeof bulkMoveSchema>;

/** One item of a selection that was left as it was, and why (the message the single action would have answered). */
export const bulkRefusalSchema = z.object({ id: z.string(), code: z.enum(ErrorCode), message: z.string() });
export type BulkRefusal = z.output<typeof bulkRefusalSchema>;
/** What happened to each item of a selection: done, or refused with its reason. */
export const bulkReplySchema = z.object({ done: z.array(z.uuid()), refused: z.array(bulkRefusalSchema) });
export type BulkReply = z.output<typeof bulkReplySchema>;

export const bulkActionRequests = {
  [BulkActionSubject.Move]: message(bulkMoveSchema, bulkReplySchema),
  [BulkActionSubject.Trash]: message(bulkItemsSchema, bulkReplySchema),
  [BulkActionSubject.Restore]: message(bulkItemsSchema, bulkReplySchema),
  [BulkActionSubject.Delete]: message(bulkItemsSchema, bulkReplySchema),
};
