import { Inject, Injectable } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import {
  FilesEvent,
  FOLDER_MIME_TYPE,
  ZIP_PAGE_ENTRIES,
  ZIP_TICKET_SECONDS,
  type CallerIdentity,
  type RpcErrorBody,
  type ZipEntries,
  type ZipEntry,
} from '@coffer/contracts';
import { EventBus, forbidden, notFound, UnitOfWork } from '@coffer/server-core';
import type { FileRow } from '../db/schema.js';
import { FilesRepository } from '../files/files.repository.js';
import { AccessService } from '../access/access.service.js';
import { ObjectStorage } from '../storage/object-storage.js';
import { ZipTickets, type ZipFor } from './zip-tickets.js';

/** Said when a selection holds nothing the person may download. */
export const NOTHING_TO_ZIP = 'You cannot download any of these items';
/** Said when a zip's address was used already, is too old, or is not one of Coffer's. */
export const ZIP_TICKET_SPENT = 'This download link has expired. Please start the download again.';
/** How long the gateway may take to stream one zip (its pages are each checked again), and its URLs work (an entry is read when the zip reaches it). */
const WALK_SECONDS = 12 * 3600;
/** How many items of a selection are checked at once. */
const CHECKS_AT_ONCE = 16;
/** How many names of a selection its audit entry keeps. */
const NAMES_IN_AUDIT = 5;

/** The rows by the account they are in, each account's in the selection's order. */
function byAccount(rows: FileRow[]): Map<string, FileRow[]> {
  const accounts = new Map<string, FileRow[]>();
  for (const row of rows) {
    const own = accounts.get(row.accountId);
    if (own) own.push(row);
    else accounts.set(row.accountId, [row]);
  }
  return accounts;
}

/** A refusal of one item (not found, or not the caller's to view): the item is left out of the zip. */
const isRefusal = (err: unknown) => err instanceof RpcException && [403, 404].includes((err.getError() as RpcErrorBody).status);

/**
 * Folders and selections downloaded as one zip (PRODUCT-DECISIONS "Files"). The files service decides what goes in
 * (the access service, item by item: what the person cannot view is left out, restricted folders they cannot open
 * too) and hands the gateway, a page at a time, each entry with a URL it reads the bytes from while it streams the zip.
 */
@Injectable()
export class ZipDownloadsService {
  constructor(
    @Inject(FilesRepository) private readonly files: FilesRepository,
    @Inject(AccessService) private readonly access: AccessService,
    @Inject(ObjectStorage) private readonly objects: ObjectStorage,
    @Inject(ZipTickets) private readonly tickets: ZipTickets,
    @Inject(EventBus) private readonly bus: EventBus,
    @Inject(UnitOfWork) private readonly unit: UnitOfWork,
  ) {}

  /** A download address for these items, once at least one of them is the caller's to view (a folder link's: inside it). */
  async ticket(caller: CallerIdentity, items: string[], linkFolder?: string): Promise<{ ticket: string; expiresAt: string }> {
    const zipFor: ZipFor = { caller: { userId: caller.userId, accountId: caller.accountId, role: caller.role }, linkFolder };
    if ((await this.viewable(zipFor, items)).length === 0) throw forbidden(NOTHING_TO_ZIP);
    const { ticket, expiresAt } = await this.tickets.ticket(zipFor, items, ZIP_TICKET_SECONDS);
    return { ticket, expiresAt: expiresAt.toISOString() };
  }

  /** Spends a download address: the walk the gateway reads the zip's entries with, and the zip's name. Audited (not a link's: sharing audits those). */
  async open(ticket: string, items: string[]): Promise<{ walk: string; name: string }> {
    const zipFor = await this.tickets.redeem(ticket, items);
    if (!zipFor) throw forbidden(ZIP_TICKET_SPENT);
    const viaShares = new Map<string, string>();
    const rows = await this.viewable(zipFor, items, viaShares);
    if (rows.length === 0) throw forbidden(NOTHING_TO_ZIP);
    // Items of a folder shared with the person: the zip is one Download of each share it reads from, counted against
    // its access limit and kept in its history like a file's Download (refused once the limit is reached).
    for (const itemId of viaShares.values()) await this.access.actingFor(zipFor.caller as CallerIdentity, itemId, 'attachment');
    if (!zipFor.linkFolder)
      await this.unit.run(async () => {
        // Each account's log hears only of its own items: a selection can hold the person's own files and a folder
        // shared with them from another account (audited in its sharer's account, as a Download from it is).
        for (const [accountId, own] of byAccount(rows))
          await this.bus.record(FilesEvent.ItemsZipped, {
            accountId,
            actorId: zipFor.caller.userId,
            payload: {
              userId: zipFor.caller.userId,
              count: own.length,
              names: own.slice(0, NAMES_IN_AUDIT).map((r) => r.name),
              itemId: own.length === 1 ? own[0].id : null,
            },
          });
      });
    const name = rows.length === 1 ? `${rows[0].name}.zip` : `Coffer (${rows.length} items).zip`;
    return {
      walk: await this.tickets.walk(
        zipFor,
        rows.map((r) => r.id),
        WALK_SECONDS,
      ),
      name,
    };
  }

  /**
   * One page of a zip: the selection's items (`after`: where in it), or what folder `folderId` holds by name
   * (`after`: the last item of the page before). Every page is decided again, so an item trashed or closed to the
   * person meanwhile is left out.
   */
  async entries(walk: string, folderId?: string, after?: string): Promise<ZipEntries> {
    const claims = await this.tickets.readWalk(walk);
    if (!claims) throw forbidden(ZIP_TICKET_SPENT);
    if (!folderId) {
      const start = after ? Number.parseInt(after, 10) : 0;
      if (!Number.isSafeInteger(start) || start < 0) throw notFound('Folder not found');
      const rows = await this.viewable(claims, claims.items.slice(start, start + ZIP_PAGE_ENTRIES));
      return { entries: await this.entriesOf(rows), next: start + ZIP_PAGE_ENTRIES < claims.items.length ? String(start + ZIP_PAGE_ENTRIES) : null };
    }
    const caller = claims.caller as CallerIdentity;
    const { folder, hidden } = claims.linkFolder
      ? await this.linkedFolder(caller, claims.linkFolder, folderId)
      : await this.access.folderToList(caller, folderId);
    if (folder.mimeType !== FOLDER_MIME_TYPE || folder.deletedAt) throw notFound('Folder not found');
    const page = { limit: ZIP_PAGE_ENTRIES, after };
    const { rows, next } = folder.teamFolderId
      ? await this.files.listTeamFolder(folder.id, 'name-asc', page, hidden)
      : await this.files.listFolder(folder.userId!, folder.id, 'name-asc', page);
    return { entries: await this.entriesOf(rows), next };
  }

  private async linkedFolder(maker: CallerIdentity, linkFolder: string, id: string) {
    const folder = await this.access.linkedItem(maker, linkFolder, id, 'Folder not found');
    return { folder, hidden: await this.access.hiddenFromShares(maker, folder) };
  }

  /**
   * The items, in order, that the person may view (a link's: inside its folder now; another account's: through a folder
   * shared with them, its restrictions checked now), out of the trash; the others left out. `viaShares` gets, per share
   * an item was reached through, one such item.
   */
  private async viewable({ caller, linkFolder }: ZipFor, ids: string[], viaShares?: Map<string, string>): Promise<FileRow[]> {
    const found: (FileRow | undefined)[] = [];
    for (let i = 0; i < ids.length; i += CHECKS_AT_ONCE) {
      found.push(
        ...(await Promise.all(
          ids.slice(i, i + CHECKS_AT_ONCE).map((id) =>
            (linkFolder ? this.access.linkedItem(caller as CallerIdentity, linkFolder, id) : this.viewableItem(caller as CallerIdentity, id, viaShares)).catch(
              (err: unknown) => {
                if (isRefusal(err)) return undefined;
                throw err;
              },
            ),
          ),
        )),
      );
    }
    return found.filter((row): row is FileRow => !!row && !row.deletedAt && (row.mimeType === FOLDER_MIME_TYPE || !!row.storagePath));
  }

  /** An item the person may view: theirs to view in their account, or else in a folder shared with them (sharing decides). */
  private async viewableItem(caller: CallerIdentity, id: string, viaShares?: Map<string, string>): Promise<FileRow> {
    try {
      return await this.access.item(caller, id, 'view');
    } catch (refusal) {
      if (!isRefusal(refusal)) throw refusal;
      const acting = await this.access.actingFor(caller, id);
      const share = this.access.shareOf(acting);
      if (!share) throw refusal;
      const row = await this.access.item(acting, id, 'view');
      if (!viaShares?.has(share.shareId)) viaShares?.set(share.shareId, id);
      return row;
    }
  }

  private entriesOf(rows: FileRow[]): Promise<ZipEntry[]> {
    return Promise.all(
      rows
        .filter((row) => row.mimeType === FOLDER_MIME_TYPE || row.storagePath)
        .map(async (row) => {
          const isFolder = row.mimeType === FOLDER_MIME_TYPE;
          return {
            id: row.id,
            name: row.name,
            isFolder,
            size: isFolder ? 0 : row.size,
            modifiedAt: row.updatedAt.toISOString(),
            url: isFolder ? undefined : await this.objects.presignGet(row.storagePath!, WALK_SECONDS, undefined, undefined, { for: 'server' }),
          };
        }),
    );
  }
}
