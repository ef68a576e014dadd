import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  ADDRESS_LINK_DAYS,
  AddressLinkRefusal,
  AuthSubject,
  roleMay,
  SHARE_LIMIT_REACHED,
  SHARE_RECIPIENT_LIMIT_REACHED,
  BillingSubject,
  ErrorCode,
  FilesSubject,
  FOLDER_MIME_TYPE,
  SHARE_LEVELS,
  type FolderShareGrant,
  RESTRICTION_NEEDS_PLAN,
  SHARE_REQUEST_REUSED,
  SHARES_PAGE_MAX,
  ShareRefusal,
  OK,
  SharingEvent,
  SharingSubject,
  type CallerIdentity,
  SHARE_TICKET_SECONDS,
  SHARE_VIEW_IDLE_SECONDS,
  SHARE_VIEW_MAX_SECONDS,
  type ByteRange,
  type RedeemedTicket,
  viewByteBudget,
  type ShareTicketReply,
  type ListSharesReply,
  type OkReply,
  type ReceivedPayload,
  type ShareItem,
  type ItemSharesReply,
  type AddressLink,
  sharerName,
} from '@coffer/contracts';
import { EventBus, forbidden, invalid, notFound, rpcError, SERVICE_CONFIG, ServiceRequester, tokenHash, UnitOfWork } from '@coffer/server-core';
import { allowsShareRestriction, SHARE_RESTRICTIONS } from '@coffer/plans';
import type { SharingConfig } from '../config.js';
import type { PersonRow, ShareRow } from '../db/schema.js';
import { AccessesRepository } from '../accesses/accesses.repository.js';
import { SharingPolicyService } from '../policy/sharing-policy.service.js';
import { PeopleRepository } from '../people/people.repository.js';
import { SharesRepository } from './shares.repository.js';
import { ipAllowed } from './ip-allowed.js';
import type { Page } from '../db/newest-first.js';

type ShareRequest = ReceivedPayload<typeof SharingSubject.CreateShare>;

/** Roles that may revoke any share made in their account (product decisions, roles). */

const DAY_MS = 86_400_000;

/** What a press of Share asked for, as kept beside its id: the same request sent again has the same. */
const fingerprintOf = (input: ShareRequest) =>
  createHash('sha256')
    .update(
      JSON.stringify([
        input.fileId.toLowerCase(),
        input.email,
        input.level,
        input.allowedIps?.map((ip) => ip.toLowerCase()).sort() ?? null,
        input.expiresInDays,
        input.maxAccessCount,
      ]),
    )
    .digest('base64url');

/** Whether the caller may revoke a share: they made it, or they are an owner, admin or moderator of its account. */
const mayRevoke = (caller: CallerIdentity, share: ShareRow) =>
  share.sharedByUserId === caller.userId || (share.accountId === caller.accountId && roleMay(caller.role, 'revokeAnyShare'));

export function toShareItem(row: ShareRow, viewerId: string, sharer: PersonRow | undefined): ShareItem {
  return {
    id: row.id,
    fileId: row.fileId,
    kind: row.kind,
    level: row.level,
    fileName: row.fileName,
    fileSize: row.fileSize,
    mimeType: row.mimeType,
    sharedByUserId: row.sharedByUserId,
    sharedByName: sharerName(sharer),
    sharedWithEmail: row.sharedWithEmail,
    allowedIps: row.allowedIps && row.allowedIps.length > 0 ? row.allowedIps : null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    maxAccessCount: row.maxAccessCount,
    accessCount: row.accessCount,
    createdAt: row.createdAt.toISOString(),
    isShared: true,
    isOwner: row.sharedByUserId === viewerId,
  };
}

/**
 * The rules of sharing: only a file's owner shares it, the Pro restrictions
 * need a plan that has them, and every open by the recipient is checked
 * against them here, on the server, and counted.
 */
@Injectable()
export class SharesService {
  constructor(
    @Inject(SharesRepository) private readonly repository: SharesRepository,
    @Inject(PeopleRepository) private readonly people: PeopleRepository,
    @Inject(ServiceRequester) private readonly services: ServiceRequester,
    @Inject(EventBus) private readonly bus: EventBus,
    @Inject(AccessesRepository) private readonly accesses: AccessesRepository,
    @Inject(SERVICE_CONFIG) private readonly config: SharingConfig,
    @Inject(UnitOfWork) private readonly unit: UnitOfWork,
    @Inject(SharingPolicyService) private readonly policy: SharingPolicyService,
  ) {}

  /** Each share sends an email: a user may send only so many an hour, and fewer to one address (no one is flooded through Coffer). */
  private async checkSendLimits(caller: CallerIdentity, email: string) {
    const sent = await this.repository.sendsInLastHour(caller.userId, email);
    if (sent.all >= this.config.SHARE_SENDS_PER_HOUR) throw rpcError(ErrorCode.TooManyAttempts, 429, SHARE_LIMIT_REACHED);
    if (sent.toRecipient >= this.config.SHARE_SENDS_PER_RECIPIENT_PER_HOUR) throw rpcError(ErrorCode.TooManyAttempts, 429, SHARE_RECIPIENT_LIMIT_REACHED);
    await this.repository.recordSend(caller.userId, email);
  }

  /** Refuses each restriction the caller's plan does not include (spec §5). */
  private async checkPlan(caller: CallerIdentity, input: ShareRequest) {
    if (input.allowedIps === null && input.expiresInDays === null && input.maxAccessCount === null) return;
    // Billing answers the plan with its features: the one feature table, never worked out again here.
    const { features } = await this.services.request(BillingSubject.GetPlan, {}, { caller });
    const refuse = (message: string) => rpcError(ErrorCode.Forbidden, 403, message);
    for (const restriction of SHARE_RESTRICTIONS) {
      if (input[restriction] !== null && !allowsShareRestriction(features, restriction)) throw refuse(RESTRICTION_NEEDS_PLAN[restriction]);
    }
  }

  async create(caller: CallerIdentity, input: ShareRequest): Promise<ShareItem> {
    // The files service answers "not found" for anything the caller may not share (Can edit where it is), trashed or gone.
    const file = await this.services.request(FilesSubject.GetItem, { fileId: input.fileId }, { caller });
    const kind = file.mimeType === FOLDER_MIME_TYPE ? 'folder' : 'file';
    await this.checkPlan(caller, input);
    await this.policy.checkShareRecipient(caller.accountId, input.email);
    const sharer = await this.people.find(caller.userId);
    if (sharer && sharer.email === input.email) throw invalid('You cannot share a file with yourself');
    const row = await this.unit.run(async () => {
      // The same press of Share sent again (its answer was lost): the share it made, and no second email.
      if (input.requestId && !(await this.repository.claimRequest(caller.userId, input.requestId, fingerprintOf(input)))) {
        const made = await this.repository.madeByRequest(caller.userId, input.requestId);
        // The id of one press sent with another file, address or restrictions: a client's mistake, never answered with the first share.
        if (made?.fingerprint && made.fingerprint !== fingerprintOf(input)) throw rpcError(ErrorCode.Conflict, 409, SHARE_REQUEST_REUSED);
        if (made) return made.share;
      }
      await this.checkSendLimits(caller, input.email);
      const row = await this.repository.upsert({
        accountId: caller.accountId,
        fileId: file.id,
        kind,
        // A file is shared Can view (its recipient opens and downloads it); a folder as asked.
        level: kind === 'folder' ? input.level : 'view',
        fileName: file.name,
        fileSize: file.size,
        mimeType: file.mimeType,
        sharedByUserId: caller.userId,
        sharedWithEmail: input.email,
        allowedIps: input.allowedIps,
        expiresAt: input.expiresInDays === null ? null : new Date(Date.now() + input.expiresInDays * DAY_MS),
        maxAccessCount: input.maxAccessCount,
      });
      if (input.requestId) await this.repository.requestMade(caller.userId, input.requestId, row.id);
      // Only a user who confirmed the address is told at once; anyone else confirms it with the email's link.
      const person = await this.people.findByEmail(input.email);
      const recipient = person?.emailConfirmed ? person.userId : null;
      const addressToken = recipient ? null : randomBytes(32).toString('base64url');
      if (addressToken) await this.people.addAddressToken(tokenHash(addressToken), input.email, ADDRESS_LINK_DAYS);
      await this.bus.record(SharingEvent.ShareCreated, {
        accountId: caller.accountId,
        actorId: caller.userId,
        payload: {
          share: toShareItem(row, caller.userId, sharer),
          sharedByFullName: sharer?.fullName.trim() ?? '',
          sharedByEmail: sharer?.email ?? '',
          recipientUserId: recipient,
          addressToken,
        },
      });
      return row;
    });
    return toShareItem(row, caller.userId, sharer);
  }

  /** A page of the shares made by the caller, or with their confirmed address, newest first. */
  async list(caller: CallerIdentity, { direction, fileId, limit, after }: ReceivedPayload<typeof SharingSubject.ListShares>): Promise<ListSharesReply> {
    let page: Page<ShareRow>;
    if (direction === 'by-me') {
      page = await this.repository.sharedBy(caller.userId, fileId, { limit, after });
    } else {
      const me = await this.people.find(caller.userId);
      if (!me?.emailConfirmed) return { items: [], next: null, total: 0, emailConfirmed: false };
      page = await this.repository.sharedWith(me.email, { limit, after });
    }
    const sharers = await this.people.findByIds([...new Set(page.rows.map((r) => r.sharedByUserId))]);
    return {
      items: page.rows.map((r) => toShareItem(r, caller.userId, sharers.get(r.sharedByUserId))),
      next: page.next,
      total: page.total,
      emailConfirmed: true,
    };
  }

  /**
   * The shares by email of an item of the caller's account, each saying whether the caller may revoke it
   * ("Who has access": the gateway asks once the files service has let the caller open the item).
   */
  async sharesOf(caller: CallerIdentity, itemId: string): Promise<ItemSharesReply> {
    const rows = await this.repository.sharesOf(caller.accountId, itemId);
    const sharers = await this.people.findByIds([...new Set(rows.map((r) => r.sharedByUserId))]);
    return {
      items: rows.map((r) => ({
        id: r.id,
        itemId: r.fileId,
        sharedWithEmail: r.sharedWithEmail,
        sharedByUserId: r.sharedByUserId,
        sharedByName: sharerName(sharers.get(r.sharedByUserId)),
        expiresAt: r.expiresAt?.toISOString() ?? null,
        createdAt: r.createdAt.toISOString(),
        canRevoke: mayRevoke(caller, r),
      })),
    };
  }

  async revoke(caller: CallerIdentity, shareId: string): Promise<OkReply> {
    const share = await this.repository.find(shareId);
    if (!share || !mayRevoke(caller, share)) throw notFound('Share not found');
    await this.unit.run(async () => {
      await this.repository.remove(share.id);
      const person = await this.people.findByEmail(share.sharedWithEmail);
      const sharer = await this.people.find(share.sharedByUserId);
      await this.bus.record(SharingEvent.ShareRevoked, {
        accountId: caller.accountId,
        actorId: caller.userId,
        payload: { share: toShareItem(share, caller.userId, sharer), recipientUserId: person?.emailConfirmed ? person.userId : null },
      });
    });
    return OK;
  }

  /**
   * The person confirmed their address (auth's event, or a share email's link). The first time, every
   * share made to it before reaches them: one ShareDelivered each, which notifies them in the app (they
   * were not told when it was made: the address was not proven theirs). Call inside a transaction.
   */
  async addressConfirmed(userId: string, email: string): Promise<void> {
    const { newlyConfirmed } = await this.people.remember({ userId, email, emailConfirmed: true });
    if (!newlyConfirmed) return;
    let after: string | undefined;
    do {
      const page = await this.repository.sharedWith(email, { limit: SHARES_PAGE_MAX, after });
      const sharers = await this.people.findByIds([...new Set(page.rows.map((r) => r.sharedByUserId))]);
      for (const share of page.rows) {
        const sharer = sharers.get(share.sharedByUserId);
        await this.bus.record(SharingEvent.ShareDelivered, {
          accountId: share.accountId,
          actorId: share.sharedByUserId,
          payload: {
            share: toShareItem(share, userId, sharer),
            sharedByFullName: sharer?.fullName.trim() ?? '',
            sharedByEmail: sharer?.email ?? '',
            recipientUserId: userId,
          },
        });
      }
      after = page.next ?? undefined;
    } while (after);
  }

  /**
   * A share email's link, followed by someone not signed in: who shared what with the address (the
   * newest share to it) and whether the address has an account, so the page can offer to sign up with it.
   */
  async describeAddressLink(token: string): Promise<AddressLink> {
    const email = await this.people.addressOf(tokenHash(token));
    const page = email ? await this.repository.sharedWith(email, { limit: 1 }) : undefined;
    const share = page?.rows[0];
    if (!email || !page || !share) throw notFound(AddressLinkRefusal.Invalid);
    const sharer = await this.people.find(share.sharedByUserId);
    const person = await this.people.findByEmail(email);
    return { email, sharedByName: sharerName(sharer), fileName: share.fileName, otherFiles: page.total - 1, hasAccount: person !== undefined };
  }

  /**
   * The caller opened a share email's link: it was sent to their address, which they therefore own.
   * Auth confirms the address (as its confirmation email would) and the shares to it show at once.
   */
  async confirmAddress(caller: CallerIdentity, token: string): Promise<OkReply> {
    const email = await this.people.addressOf(tokenHash(token));
    if (!email) throw notFound(AddressLinkRefusal.Invalid);
    const me = await this.people.find(caller.userId);
    if (!me || me.email !== email) throw forbidden(AddressLinkRefusal.OtherAddress);
    if (me.emailConfirmed) return OK;
    await this.services.request(AuthSubject.ConfirmEmailOwnership, { email }, { caller });
    // Auth's EmailVerified says so too, a moment later; the caller's Shared tab need not wait for it.
    await this.unit.run(() => this.addressConfirmed(me.userId, email));
    return OK;
  }

  /**
   * A recipient's open of a file shared with them: the share must be theirs,
   * not expired, opened from an allowed address and under its access limit;
   * the access is counted, and kept in the share's access history, and a
   * download ticket handed out for it: to be used within SHARE_TICKET_SECONDS,
   * from this address, and only while the share still allows it (redeem).
   */
  async link(caller: CallerIdentity, clientIp: string | undefined, shareId: string, disposition: 'inline' | 'attachment'): Promise<ShareTicketReply> {
    const me = await this.people.find(caller.userId);
    const share = await this.repository.find(shareId);
    // A folder's share opens its files one by one through the files service (folderGrant).
    if (!share || share.kind !== 'file' || !me?.emailConfirmed || share.sharedWithEmail !== me.email) throw notFound('Share not found');
    this.checkRestrictions(share, clientIp);
    await this.policy.checkShareOpen(share.accountId, share.sharedWithEmail);
    const ticket = randomBytes(32).toString('base64url');
    const issued = await this.unit.run(async () => {
      const row = await this.repository.countAccess(share.id);
      if (!row) return undefined;
      await this.recordAccess(caller, me, clientIp, disposition, row);
      const byteBudget = disposition === 'inline' ? viewByteBudget(row.fileSize) : 0;
      return this.repository.addTicket(
        { ticketHash: tokenHash(ticket), shareId: share.id, disposition, clientIp: clientIp ?? null, byteBudget },
        SHARE_TICKET_SECONDS,
      );
    });
    if (!issued) throw forbidden(ShareRefusal.AccessLimitReached);
    return { ticket, expiresAt: issued.expiresAt.toISOString() };
  }

  /**
   * A person opens an item of another account (`folderIds`: the item and the folders above it): the share
   * with their confirmed address of the nearest of those folders that gives the most (Can edit over Can view),
   * if any. Its restrictions are checked on every request (a listing, the path, an upload, a new folder): expired or
   * from outside its allow-list is refused with the reason. A View or Download of a file in it (`disposition`) is
   * one access, counted atomically against its maximum and kept in its history; a listing is not.
   */
  async folderGrant(
    caller: CallerIdentity,
    { accountId, folderIds, clientIp, disposition }: ReceivedPayload<typeof SharingSubject.FolderShareGrant>,
  ): Promise<{ grant: FolderShareGrant | null }> {
    const me = await this.people.find(caller.userId);
    if (!me?.emailConfirmed) return { grant: null };
    const rows = await this.repository.folderSharesWith(me.email, accountId, folderIds);
    const nearness = (row: ShareRow) => folderIds.indexOf(row.fileId);
    const [share] = rows.sort((a, b) => SHARE_LEVELS.indexOf(b.level) - SHARE_LEVELS.indexOf(a.level) || nearness(a) - nearness(b));
    if (!share) return { grant: null };
    const ip = clientIp ?? undefined;
    this.checkRestrictions(share, ip);
    if (disposition) {
      const counted = await this.unit.run(async () => {
        const row = await this.repository.countAccess(share.id);
        if (row) await this.recordAccess(caller, me, ip, disposition, row);
        return row;
      });
      if (!counted) throw forbidden(ShareRefusal.AccessLimitReached);
    }
    return { grant: { shareId: share.id, folderId: share.fileId, level: share.level, accountId: share.accountId, sharedByUserId: share.sharedByUserId } };
  }

  /**
   * Uses a download ticket: it must be unexpired and presented from the address it was issued
   * to, and its share must still exist and allow the open (not revoked, expired, trashed or
   * outside its allow-list now); refused, it is gone. A Download's ticket is spent, and so is a
   * View's read whole (no `range`); a View's read a range at a time is kept while the player reads,
   * each read granted only what the View's byte budget has left (viewByteBudget): cut short to it,
   * and refused once it is spent. Answers where the gateway reads the bytes: a short-lived URL the
   * files service signs for the file's owner, and for a View's range what to read.
   */
  async redeem(clientIp: string | undefined, ticket: string, range?: ByteRange): Promise<RedeemedTicket> {
    const ticketHash = tokenHash(ticket);
    const used = await this.repository.useTicket(ticketHash, {
      keepView: range !== undefined,
      idleSeconds: SHARE_VIEW_IDLE_SECONDS,
      maxSeconds: SHARE_VIEW_MAX_SECONDS,
    });
    if (!used) throw notFound(ShareRefusal.TicketSpent);
    const share = await this.repository.find(used.shareId);
    try {
      if ((used.clientIp ?? undefined) !== clientIp) throw notFound(ShareRefusal.TicketSpent);
      if (!share) throw notFound('Share not found');
      this.checkRestrictions(share, clientIp);
    } catch (refusal) {
      // A View refused once is over: the ticket is not tried again.
      await this.repository.dropTicket(ticketHash);
      throw refusal;
    }
    // Asked as the owner: the files service hands out links only for its owner's own files.
    const owner: CallerIdentity = { userId: share.sharedByUserId, accountId: share.accountId, role: 'member' };
    const { url } = await this.services.request(
      FilesSubject.FileLink,
      { fileId: share.fileId, disposition: used.disposition, viaShare: true },
      { caller: owner },
    );
    if (!range || used.disposition !== 'inline') return { url, disposition: used.disposition };
    return { url, disposition: used.disposition, read: await this.grantRead(ticketHash, range, share.fileSize) };
  }

  /** A View's ranged read, counted against its byte budget: what it asked for, cut to what the budget has left. */
  private async grantRead(ticketHash: string, range: ByteRange, fileSize: number): Promise<{ range: string; bytes: number }> {
    const first = 'suffix' in range ? Math.max(fileSize - range.suffix, 0) : range.start;
    const last = 'suffix' in range ? fileSize - 1 : Math.min(range.end ?? fileSize - 1, fileSize - 1);
    // Nothing of the file in it (past the end, or an empty file): storage answers 416, and nothing is counted.
    if (last < first) return { range: 'suffix' in range ? `bytes=-${range.suffix}` : `bytes=${range.start}-`, bytes: 0 };
    const granted = await this.repository.grantViewBytes(ticketHash, last - first + 1);
    if (granted === undefined) throw notFound(ShareRefusal.TicketSpent);
    if (granted === 0) throw forbidden(ShareRefusal.ViewSpent);
    return { range: `bytes=${first}-${first + granted - 1}`, bytes: granted };
  }

  /** The gateway sent less of a View's read than it was granted: the View may read the rest later. */
  async returnUnreadBytes(ticket: string, bytes: number): Promise<OkReply> {
    await this.repository.returnViewBytes(tokenHash(ticket), bytes);
    return OK;
  }

  /** What every open of a share checks, when it is counted and again when its ticket is spent. */
  private checkRestrictions(share: ShareRow, clientIp: string | undefined) {
    if (share.fileTrashed) throw notFound('Share not found');
    if (share.expiresAt && share.expiresAt.getTime() <= Date.now()) throw forbidden(ShareRefusal.Expired);
    if (share.allowedIps && share.allowedIps.length > 0 && !ipAllowed(share.allowedIps, clientIp)) throw forbidden(ShareRefusal.NetworkNotAllowed);
  }

  private async recordAccess(caller: CallerIdentity, recipient: PersonRow, clientIp: string | undefined, disposition: 'inline' | 'attachment', row: ShareRow) {
    await this.accesses.add({ shareId: row.id, clientIp: clientIp ?? null, disposition });
    const sharer = await this.people.find(row.sharedByUserId);
    await this.bus.record(SharingEvent.ShareAccessed, {
      accountId: row.accountId,
      actorId: caller.userId,
      payload: {
        share: toShareItem(row, caller.userId, sharer),
        recipientUserId: caller.userId,
        recipientName: recipient.fullName.trim() || recipient.email,
        clientIp: clientIp ?? null,
        disposition,
        // The count was just raised from 0: this is the first open since the share was made (or renewed).
        firstAccess: row.accessCount === 1,
      },
    });
  }

  // Kept in step with the files service's events.

  fileTrashed(fileId: string, trashed: boolean) {
    return this.repository.setFileTrashed(fileId, trashed);
  }

  /** A shared file's new name: its shares, their lists and every email or notification from now on show it. */
  fileRenamed(fileId: string, name: string) {
    return this.repository.setFileName(fileId, name);
  }

  fileDeleted(fileId: string) {
    return this.repository.removeFile(fileId);
  }
}
