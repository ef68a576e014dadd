import { Inject, Injectable } from '@nestjs/common';
import {
  ErrorCode,
  FilesEvent,
  FOLDER_INTO_ITSELF,
  FOLDER_MIME_TYPE,
  RESTRICTED_FOLDER_STAYS,
  ROOT_FOLDER,
  SELECTION_NAMES_KEPT,
  TEAM_FOLDER_STAYS,
  type BulkRefusal,
  type BulkReply,
  type CallerIdentity,
  type FileChange,
  type FileItem,
  type SelectionChanged,
  type TeamAudience,
} from '@coffer/contracts';
import { EventBus, notFound, rpcError, UnitOfWork } from '@coffer/server-core';
import type { FileRow } from '../db/schema.js';
import { AccessService, isOwnSource } from '../access/access.service.js';
import { FilesRepository, placedIn, spaceKey, spaceOf } from '../files/files.repository.js';
import { freeName } from '../files/free-name.js';
import { FilesService, toFileItem } from '../files/files.service.js';
import { ObjectStorage } from '../storage/object-storage.js';
import { notTrashable, restoredInto } from '../trash/trash.service.js';
import { refusalOf } from './refusals.js';

/** Where a move to My files' root went, as the audit log names it. */
const MY_FILES = 'My files';

/** What a selection's items became: those done, and those left as they were with why. */
class Outcome {
  readonly done: string[] = [];
  constructor(readonly refused: BulkRefusal[]) {}
  /** Runs a check of one item: an item it refuses is refused, and the rest of the selection goes on. */
  passes(row: FileRow, check: () => void): boolean {
    try {
      check();
      return true;
    } catch (error) {
      this.refused.push(refusalOf(row.id, error));
      return false;
    }
  }
  reply(): BulkReply {
    return { done: this.done, refused: this.refused };
  }
}

/**
 * Moving, trashing, restoring and deleting a whole selection in one request (PRODUCT-DECISIONS "Files"): each item
 * decided by the access decision and by the rules of its single action (a folder never into itself, a team folder
 * never moved, a folder with contents never trashed…), the rows read and changed a few statements for the whole
 * selection, not one per item, in one transaction; an item refused is named with why, the others done. Every item
 * changed is announced as its single action announces it, marked as part of a selection (open lists, shares and links
 * follow each item), and the action once for the whole selection: one line in the audit log ("moved 300 items to
 * Projects", every id in its details) and in the Activity Log, not 300.
 */
@Injectable()
export class BulkActionsService {
  constructor(
    @Inject(FilesRepository) private readonly files: FilesRepository,
    @Inject(FilesService) private readonly items: FilesService,
    @Inject(AccessService) private readonly access: AccessService,
    @Inject(ObjectStorage) private readonly objects: ObjectStorage,
    @Inject(EventBus) private readonly bus: EventBus,
    @Inject(UnitOfWork) private readonly unit: UnitOfWork,
  ) {}

  /** Moves the items the caller may edit into a folder they may add to (My files' root, a folder, a team folder's tree). */
  async move(caller: CallerIdentity, ids: string[], folderId: string): Promise<BulkReply> {
    return this.unit.run(async () => {
      const target = folderId !== ROOT_FOLDER ? await this.items.activeFolder(caller, folderId, 'edit') : undefined;
      const space = target ? spaceOf(target) : { userId: caller.userId };
      const { rows, outcome, inOrder } = await this.held(caller, ids, 'edit', 'File not found');
      // The destination and the folders above it: a folder of the selection among them would move into itself.
      const above = new Set(target ? ((await this.files.lineage(target.id))?.ids ?? [target.id]) : []);
      if (rows.some((r) => r.mimeType === FOLDER_MIME_TYPE)) await this.files.lockTree(caller.accountId);
      const moving: FileRow[] = [];
      for (const row of rows) {
        const otherSpace = spaceKey(space) !== spaceKey(spaceOf(row));
        const isFolder = row.mimeType === FOLDER_MIME_TYPE;
        const allowed = outcome.passes(row, () => {
          if (row.deletedAt) throw notFound('File not found');
          if (row.teamFolderId === row.id) throw rpcError(ErrorCode.ValidationFailed, 400, TEAM_FOLDER_STAYS);
          if (isFolder && above.has(row.id)) throw rpcError(ErrorCode.ValidationFailed, 400, FOLDER_INTO_ITSELF);
        });
        if (!allowed) continue;
        if (row.folder === folderId && !otherSpace) outcome.done.push(row.id);
        else if (isFolder && otherSpace && (await this.files.holdsRestricted(caller.accountId, row.id)))
          outcome.refused.push(refusalOf(row.id, rpcError(ErrorCode.ValidationFailed, 400, RESTRICTED_FOLDER_STAYS)));
        else moving.push(row);
      }
      // Next to an item of the same name (there already, or moved there with it), an item becomes "Name (1).ext".
      await this.files.lockNames(spaceKey(space), folderId);
      const taken = await this.files.namesTaken(
        space,
        folderId,
        moving.map((r) => r.name),
      );
      const kindOf = (isFolder: boolean) => (isFolder ? 'folder' : 'file');
      const used = new Set(taken.map((t) => `${kindOf(t.isFolder)}:${t.name.toLowerCase()}`));
      const renamed = new Map<string, string>();
      for (const row of moving) {
        const kind = kindOf(row.mimeType === FOLDER_MIME_TYPE);
        let name = row.name;
        if (used.has(`${kind}:${name.toLowerCase()}`)) {
          const alike = await this.files.namesLike(space, folderId, name, kind);
          name = freeName(name, [...alike, ...[...used].filter((u) => u.startsWith(`${kind}:`)).map((u) => u.slice(kind.length + 1))]);
          renamed.set(row.id, name);
        }
        used.add(`${kind}:${name.toLowerCase()}`);
      }
      // A folder into another space takes everything in it along, in one statement per folder.
      for (const row of moving)
        if (row.mimeType === FOLDER_MIME_TYPE && spaceKey(space) !== spaceKey(spaceOf(row)))
          await this.files.moveTreeTo(caller.accountId, row.id, placedIn(space));
      const moved = [
        ...(await this.files.updateAll(
          moving.filter((r) => !renamed.has(r.id)).map((r) => r.id),
          { folder: folderId, ...placedIn(space) },
        )),
      ];
      for (const [id, name] of renamed) moved.push((await this.files.update(id, { folder: folderId, name, ...placedIn(space) }))!);
      inOrder(moved);
      const shown = new Map((await this.items.withCounts(moved)).map((i) => [i.id, i]));
      const before = new Map(moving.map((r) => [r.id, r]));
      const changes = await this.changesOf(caller, moved, shown);
      await this.bus.recordAll(
        FilesEvent.FileMoved,
        changes.map((change) => ({ ...this.from(caller), payload: { ...change, fromFolderId: before.get(change.item.id)!.folder } })),
      );
      await this.bus.recordAll(
        FilesEvent.FileRenamed,
        changes
          .filter((c) => renamed.has(c.item.id))
          .map((change) => ({ ...this.from(caller), payload: { ...change, previousName: before.get(change.item.id)!.name } })),
      );
      await this.recordSelection(caller, 'move', changes, { folderId, name: target?.name ?? MY_FILES });
      outcome.done.push(...moved.map((r) => r.id));
      return outcome.reply();
    });
  }

  /** Moves to the trash the files, and the folders that hold nothing once the selection's files are gone, the caller may edit. */
  async trash(caller: CallerIdentity, ids: string[]): Promise<BulkReply> {
    return this.unit.run(async () => {
      const { rows, outcome, inOrder } = await this.held(caller, ids, 'edit', 'File not found');
      const deletedAt = new Date();
      const files = rows.filter((r) => r.mimeType !== FOLDER_MIME_TYPE && outcome.passes(r, () => this.refuse(notTrashable(r))));
      const trashed = await this.files.updateAll(
        files.map((r) => r.id),
        { deletedAt },
      );
      const folders = rows.filter((r) => r.mimeType === FOLDER_MIME_TYPE);
      const holds = await this.files.countChildren(folders.map((r) => r.id));
      const empty = folders.filter((r) => outcome.passes(r, () => this.refuse(notTrashable(r, holds.get(r.id)))));
      trashed.push(
        ...(await this.files.updateAll(
          empty.map((r) => r.id),
          { deletedAt },
        )),
      );
      await this.announceEach(caller, FilesEvent.FileTrashed, 'trash', inOrder(trashed));
      outcome.done.push(...trashed.map((r) => r.id));
      return outcome.reply();
    });
  }

  /** Brings the trashed items the caller may edit back: into their folder, or when it is gone into their team folder or My files. */
  async restore(caller: CallerIdentity, ids: string[]): Promise<BulkReply> {
    return this.unit.run(async () => {
      const { rows, outcome, inOrder } = await this.held(caller, ids, 'edit', 'File not found in the trash');
      const inTrash = rows.filter((r) => outcome.passes(r, () => this.refuse(r.deletedAt ? undefined : notFound('File not found in the trash'))));
      const coming = new Set(inTrash.map((r) => r.id));
      const parentIds = [...new Set(inTrash.flatMap((r) => (r.folder === ROOT_FOLDER ? [] : [r.folder, ...(r.teamFolderId ? [r.teamFolderId] : [])])))];
      const folders = new Map((await this.files.findManyInAccount(caller.accountId, parentIds)).map((f) => [f.id, f]));
      // A folder restored with its items is there for them.
      const parentOf = (r: FileRow) => {
        const parent = folders.get(r.folder);
        return parent && coming.has(parent.id) ? { ...parent, deletedAt: null } : parent;
      };
      const inPlace: string[] = [];
      const restored: FileRow[] = [];
      for (const row of inTrash) {
        const into = restoredInto(row, parentOf(row), row.teamFolderId ? folders.get(row.teamFolderId) : undefined, caller);
        if (Object.keys(into).length === 0) inPlace.push(row.id);
        else restored.push((await this.files.update(row.id, { deletedAt: null, ...into }))!);
      }
      restored.push(...(await this.files.updateAll(inPlace, { deletedAt: null })));
      await this.announceEach(caller, FilesEvent.FileRestored, 'restore', inOrder(restored));
      outcome.done.push(...restored.map((r) => r.id));
      return outcome.reply();
    });
  }

  /** Deletes for good the trashed items the caller may edit: rows at once, their stored bytes once that committed. */
  async deleteForever(caller: CallerIdentity, ids: string[]): Promise<BulkReply> {
    const { reply, keys } = await this.unit.run(async () => {
      const { rows, outcome, inOrder } = await this.held(caller, ids, 'edit', 'File not found in the trash');
      const inTrash = rows.filter((r) => outcome.passes(r, () => this.refuse(r.deletedAt ? undefined : notFound('File not found in the trash'))));
      const removed = await this.files.remove(inTrash.map((r) => r.id));
      await this.announceEach(caller, FilesEvent.FileDeleted, 'delete', inOrder(removed));
      outcome.done.push(...removed.map((r) => r.id));
      return { reply: outcome.reply(), keys: removed.flatMap((r) => (r.storagePath ? [r.storagePath] : [])) };
    });
    await this.objects.remove(keys);
    return reply;
  }

  private refuse(refusal: Error | undefined) {
    if (refusal) throw refusal;
  }

  /**
   * The items of a selection (each once) the caller may do `action` to, held until the transaction ends (a single
   * move or rename of one at once waits), and the outcome so far: those the access decision refused, and those gone.
   */
  private async held(caller: CallerIdentity, ids: string[], action: 'edit', missing: string) {
    const unique = [...new Set(ids)];
    const { allowed, refused } = await this.access.each(caller, unique, action, missing);
    const rows = await this.files.findManyInAccount(
      caller.accountId,
      allowed.map((r) => r.id),
      true,
    );
    const outcome = new Outcome(refused);
    const found = new Set(rows.map((r) => r.id));
    for (const row of allowed) if (!found.has(row.id)) outcome.refused.push(refusalOf(row.id, notFound(missing)));
    // In the order the selection named them.
    const order = new Map(unique.map((id, i) => [id, i]));
    const inOrder = (changed: FileRow[]) => changed.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
    return { rows: inOrder(rows), outcome, inOrder };
  }

  private from(caller: CallerIdentity) {
    return { accountId: caller.accountId, actorId: caller.userId };
  }

  /** Announces each item as its single action does (the item as it is now, to whoever can open it), then the action once. */
  private async announceEach(
    caller: CallerIdentity,
    type: typeof FilesEvent.FileTrashed | typeof FilesEvent.FileRestored | typeof FilesEvent.FileDeleted,
    action: SelectionChanged['action'],
    rows: FileRow[],
  ) {
    const changes = await this.changesOf(caller, rows);
    await this.bus.recordAll(
      type,
      changes.map((payload) => ({ ...this.from(caller), payload })),
    );
    await this.recordSelection(caller, action, changes);
  }

  /** The selection's one event (nothing when nothing changed): every id, the first names, and the items by who sees them. */
  private async recordSelection(caller: CallerIdentity, action: SelectionChanged['action'], changes: FileChange[], to?: SelectionChanged['to']) {
    if (changes.length === 0) return;
    const groups = new Map<string, SelectionChanged['groups'][number]>();
    for (const { item, userId, audience } of changes) {
      const key = audience ? `${item.teamFolderId}:${audience.everyone}:${[...audience.userIds].sort().join(' ')}` : `own:${userId}`;
      const group = groups.get(key);
      if (group) group.count += 1;
      else groups.set(key, { userId, audience, teamFolderId: item.teamFolderId ?? null, count: 1, name: item.name });
    }
    await this.bus.record(FilesEvent.SelectionChanged, {
      ...this.from(caller),
      payload: {
        action,
        userId: caller.userId,
        count: changes.length,
        ids: changes.map((c) => c.item.id),
        folders: changes.filter((c) => c.item.isFolder).length,
        names: changes.slice(0, SELECTION_NAMES_KEPT).map((c) => c.item.name),
        ...(to && { to }),
        groups: [...groups.values()],
      },
    });
  }

  /**
   * What the events about these items say (as FilesService.changeOf says for one): who hears a change in a team folder
   * is asked once per folder, as every item of a folder without a list of its own has its folder's audience.
   */
  private async changesOf(caller: CallerIdentity, rows: FileRow[], shown?: Map<string, FileItem>): Promise<FileChange[]> {
    const audiences = new Map<string, Promise<TeamAudience>>();
    return Promise.all(
      rows.map(async (row) => {
        const item = shown?.get(row.id) ?? toFileItem(row);
        if (!row.teamFolderId) return { item, userId: row.userId ?? caller.userId, inSelection: true as const };
        const key = isOwnSource(row) ? row.id : row.folder;
        if (!audiences.has(key)) audiences.set(key, this.access.audience(caller, row));
        return { item, userId: caller.userId, audience: await audiences.get(key)!, inSelection: true as const };
      }),
    );
  }
}
