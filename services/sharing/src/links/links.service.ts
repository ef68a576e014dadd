import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  AccountSubject,
  BillingSubject,
  ErrorCode,
  FilesSubject,
  FOLDER_MIME_TYPE,
  isLinkPreviewBot,
  LINK_GUESS_WINDOW_MINUTES,
  LINK_GUESSES_ALLOWED,
  LINK_NEEDS_PLAN,
  LINK_NOT_FOUND,
  LINK_PAGE_PATH,
  LinkEvent,
  LinkRefusal,
  OK,
  roleMay,
  SHARE_TICKET_SECONDS,
  ShareRefusal,
  sharerName,
  type CallerIdentity,
  type CreatedLink,
  type LinkAccessKind,
  type LinkItem,
  type LinkPage,
  type ListLinkAccessesReply,
  type ListLinksReply,
  type OkReply,
  type ReceivedPayload,
  type ShareTicketReply,
  type LinkSubject,
} from '@coffer/contracts';
import { EventBus, forbidden, invalid, notFound, rpcError, ServiceRequester, tokenHash, UnitOfWork } from '@coffer/server-core';
import type { LinkRow } from '../db/schema.js';
import { PeopleRepository } from '../people/people.repository.js';
import { SharingPolicyService } from '../policy/sharing-policy.service.js';
import { ipAllowed } from '../shares/ip-allowed.js';
import { hashLinkPassword, linkPasswordMatches } from './link-passwords.js';
import { LinksRepository, type LinkChange } from './links.repository.js';

const DAY_MS = 86_400_000;

/** Where a visitor comes from: the gateway's client IP and user agent. */
export interface Visitor {
  clientIp?: string;
  userAgent?: string;
}

export function toLinkItem(row: LinkRow): LinkItem {
  return {
    id: row.id,
    fileId: row.fileId,
    fileName: row.fileName,
    hasPassword: row.passwordHash !== null,
    allowedIps: row.allowedIps && row.allowedIps.length > 0 ? row.allowedIps : null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    maxDownloads: row.maxDownloads,
    downloadCount: row.downloadCount,
    openCount: row.openCount,
    createdAt: row.createdAt.toISOString(),
  };
}

const expiryOf = (days: number | null) => (days === null ? null : new Date(Date.now() + days * DAY_MS));

/**
 * Links ("Anyone with the link"): the file's owner makes them, with the restrictions the plan allows;
 * anyone with the token opens the public page, and every View and Download is checked here against
 * the password, expiry, allow-list and download limit, counted, and handed a ticket good once.
 */
@Injectable()
export class LinksService {
  constructor(
    @Inject(LinksRepository) private readonly links: LinksRepository,
    @Inject(PeopleRepository) private readonly people: PeopleRepository,
    @Inject(ServiceRequester) private readonly services: ServiceRequester,
    @Inject(UnitOfWork) private readonly unit: UnitOfWork,
    @Inject(SharingPolicyService) private readonly policy: SharingPolicyService,
    @Inject(EventBus) private readonly bus: EventBus,
  ) {}

  /** Keeps a link event for the audit log, in the unit that made the change. */
  private audited(type: (typeof LinkEvent)[keyof typeof LinkEvent], row: LinkRow, actorId: string) {
    return this.bus.record(type, { accountId: row.accountId, actorId, payload: { link: toLinkItem(row) } });
  }

  /** Keeps a visitor's open, View or Download in the link's history and, for the audit log, as an event (in the unit that counted it). */
  private async accessed(link: LinkRow, visitor: Visitor, access: LinkAccessKind) {
    await this.links.addAccess({ linkId: link.id, clientIp: visitor.clientIp ?? null, kind: access });
    await this.bus.record(LinkEvent.Accessed, { accountId: link.accountId, actorId: '', payload: { link: toLinkItem(link), access } });
  }

  /** Refuses each restriction the caller's plan does not include; a password needs a paid plan. */
  private async checkPlan(
    caller: CallerIdentity,
    wanted: { password?: string | null; allowedIps?: string[] | null; expiresInDays?: number | null; maxDownloads?: number | null },
  ) {
    const asked = (Object.keys(LINK_NEEDS_PLAN) as Array<keyof typeof LINK_NEEDS_PLAN>).filter((k) => wanted[k] !== undefined && wanted[k] !== null);
    if (asked.length === 0) return;
    const plan = await this.services.request(BillingSubject.GetPlan, {}, { caller });
    const paid = plan.status !== 'none' && plan.planType !== null && plan.planType !== 'trial';
    const allowed = {
      password: paid,
      allowedIps: plan.features.hasIpRestriction,
      expiresInDays: plan.features.hasLinkExpiry,
      maxDownloads: plan.features.hasAdvancedSecurity,
    };
    for (const restriction of asked) if (!allowed[restriction]) throw forbidden(LINK_NEEDS_PLAN[restriction]);
  }

  async create(caller: CallerIdentity, input: ReceivedPayload<typeof LinkSubject.CreateLink>): Promise<CreatedLink> {
    // The files service answers "not found" for anything the caller may not share (Can edit where it is), trashed or gone.
    const file = await this.services.request(FilesSubject.GetItem, { fileId: input.fileId }, { caller });
    await this.checkPlan(caller, input);
    const expiresInDays = await this.policy.checkLink(caller.accountId, { hasPassword: input.password !== null, expiresInDays: input.expiresInDays });
    const token = randomBytes(32).toString('base64url');
    const passwordHash = input.password === null ? null : await hashLinkPassword(input.password);
    const row = await this.unit.run(async () => {
      const made = await this.links.add({
        tokenHash: tokenHash(token),
        accountId: caller.accountId,
        fileId: file.id,
        kind: file.mimeType === FOLDER_MIME_TYPE ? 'folder' : 'file',
        fileName: file.name,
        fileSize: file.size,
        mimeType: file.mimeType,
        createdByUserId: caller.userId,
        passwordHash,
        allowedIps: input.allowedIps,
        expiresAt: expiryOf(expiresInDays ?? null),
        maxDownloads: input.maxDownloads,
      });
      await this.audited(LinkEvent.Created, made, caller.userId);
      return made;
    });
    return { ...toLinkItem(row), token, url: `${LINK_PAGE_PATH}${token}` };
  }

  async list(caller: CallerIdentity, fileId: string): Promise<ListLinksReply> {
    return { items: (await this.links.ofFile(caller.userId, fileId)).map(toLinkItem) };
  }

  /** A link of the caller's own (anyone else learns nothing, not even that it exists). */
  private async own(caller: CallerIdentity, linkId: string): Promise<LinkRow> {
    const link = await this.links.find(linkId);
    if (!link || link.createdByUserId !== caller.userId) throw notFound('Link not found');
    return link;
  }

  async update(caller: CallerIdentity, { linkId, ...input }: ReceivedPayload<typeof LinkSubject.UpdateLink>): Promise<LinkItem> {
    const link = await this.own(caller, linkId);
    await this.checkPlan(caller, input);
    const expiresInDays = await this.policy.checkLink(link.accountId, {
      hasPassword: input.password === undefined ? undefined : input.password !== null,
      expiresInDays: input.expiresInDays,
    });
    const change: LinkChange = {};
    if (input.password !== undefined) change.passwordHash = input.password === null ? null : await hashLinkPassword(input.password);
    if (input.allowedIps !== undefined) change.allowedIps = input.allowedIps;
    if (expiresInDays !== undefined) change.expiresAt = expiryOf(expiresInDays);
    if (input.maxDownloads !== undefined) change.maxDownloads = input.maxDownloads;
    if (Object.keys(change).length === 0) return toLinkItem(link);
    const row = await this.unit.run(async () => {
      const changed = await this.links.change(link.id, change);
      if (changed) await this.audited(LinkEvent.Changed, changed, caller.userId);
      return changed;
    });
    if (!row) throw notFound('Link not found');
    return toLinkItem(row);
  }

  /** Its maker, or an owner or admin of the account, ends a link at once: its page, its Views and Downloads and their tickets. */
  async revoke(caller: CallerIdentity, linkId: string): Promise<OkReply> {
    const link = await this.links.find(linkId);
    const mayRevoke = link && (link.createdByUserId === caller.userId || (link.accountId === caller.accountId && roleMay(caller.role, 'revokeAnyShare')));
    if (!link || !mayRevoke) throw notFound('Link not found');
    await this.unit.run(async () => {
      await this.links.remove(link.id);
      await this.audited(LinkEvent.Revoked, link, caller.userId);
    });
    return OK;
  }

  async accesses(caller: CallerIdentity, linkId: string): Promise<ListLinkAccessesReply> {
    const link = await this.own(caller, linkId);
    const rows = await this.links.accesses(link.id);
    return { items: rows.map((r) => ({ id: r.id, accessedAt: r.accessedAt.toISOString(), clientIp: r.clientIp, kind: r.kind })) };
  }

  // The public side: no signed-in caller, the token is the proof.

  /** The link a token opens, if it is still open to this visitor: not revoked, trashed, expired, outside its allow-list or used up. */
  private async usable(token: string, clientIp: string | undefined): Promise<LinkRow> {
    const link = await this.links.findByToken(tokenHash(token));
    if (!link || link.fileTrashed) throw notFound(LINK_NOT_FOUND);
    await this.policy.checkLinkOpen(link);
    this.checkRestrictions(link, clientIp);
    if (link.maxDownloads !== null && link.downloadCount >= link.maxDownloads) throw forbidden(ShareRefusal.AccessLimitReached);
    return link;
  }

  private checkRestrictions(link: LinkRow, clientIp: string | undefined) {
    if (link.expiresAt && link.expiresAt.getTime() <= Date.now()) throw forbidden(ShareRefusal.Expired);
    if (link.allowedIps && link.allowedIps.length > 0 && !ipAllowed(link.allowedIps, clientIp)) throw forbidden(ShareRefusal.NetworkNotAllowed);
  }

  /**
   * Checks a password given for the link. Each guess is written down before it is checked, so guesses
   * at once cannot slip past the count: past LINK_GUESSES_ALLOWED wrong ones in the window, every
   * password (the right one too) is refused until the window passes. A right one is not counted.
   */
  private async checkPassword(link: LinkRow, password: string | undefined) {
    if (link.passwordHash === null) return;
    if (password === undefined || password === '') throw forbidden(LinkRefusal.PasswordRequired);
    const guess = await this.links.addGuess(link.id);
    const failures = await this.links.recentFailures(link.id, LINK_GUESS_WINDOW_MINUTES);
    if (failures > LINK_GUESSES_ALLOWED) {
      // The first guess refused by the throttle in a window is audited (no person to name: the visitor has no account).
      if (failures === LINK_GUESSES_ALLOWED + 1) await this.unit.run(() => this.audited(LinkEvent.PasswordThrottled, link, ''));
      throw rpcError(ErrorCode.TooManyAttempts, 429, LinkRefusal.TooManyGuesses, { retryAfterSeconds: LINK_GUESS_WINDOW_MINUTES * 60 });
    }
    if (!(await linkPasswordMatches(link.passwordHash, password))) throw rpcError(ErrorCode.InvalidCredentials, 403, LinkRefusal.WrongPassword);
    await this.links.forgetGuess(guess);
  }

  /**
   * The public page of a link: who shared what, in the sharer's branding. With a password, the file is
   * shown only once it is given. A person's first look (no password sent yet) counts as an open; a
   * link-preview bot's never does. A folder link's page lists its folder (or `folderId`, a folder inside it), each
   * file with View and Download, a page at a time (`after`); going into a folder, or to its next page, is not another open.
   */
  async page(visitor: Visitor, token: string, password: string | undefined, folderId?: string, after?: string): Promise<LinkPage> {
    const link = await this.usable(token, visitor.clientIp);
    if (password !== undefined) await this.checkPassword(link, password);
    else if (!isLinkPreviewBot(visitor.userAgent) && folderId === undefined && after === undefined)
      await this.unit.run(async () => {
        await this.links.countOpen(link.id);
        await this.accessed(link, visitor, 'open');
      });
    const sharer = await this.people.find(link.createdByUserId);
    const owner: CallerIdentity = { userId: link.createdByUserId, accountId: link.accountId, role: 'member' };
    const branding = await this.services.request(AccountSubject.GetBranding, {}, { caller: owner });
    const unlocked = link.passwordHash === null || password !== undefined;
    // A folder link's listing comes from the files service, asked as the link's maker: only the link's folder and what is inside it.
    const folder =
      unlocked && link.kind === 'folder'
        ? await this.services.request(FilesSubject.LinkedFolder, { folderId: link.fileId, within: folderId, after }, { caller: owner })
        : undefined;
    return {
      sharedByName: sharerName(sharer),
      branding,
      passwordRequired: link.passwordHash !== null,
      file: unlocked ? { name: link.fileName, size: link.fileSize, mimeType: link.mimeType } : null,
      ...(folder && { folder }),
      expiresAt: link.expiresAt?.toISOString() ?? null,
    };
  }

  /** A View or Download from the public page: checked, counted atomically against the limit, kept in the history, and a ticket handed out. */
  async open(visitor: Visitor, token: string, password: string | undefined, disposition: 'inline' | 'attachment', fileId?: string): Promise<ShareTicketReply> {
    if (isLinkPreviewBot(visitor.userAgent)) throw forbidden(LinkRefusal.Preview);
    const link = await this.usable(token, visitor.clientIp);
    await this.checkPassword(link, password);
    // A folder link opens one file inside its folder, file by file (checked before anything is counted); a file link its own file.
    if (link.kind === 'folder' && !fileId) throw invalid('Choose a file of the folder to open');
    if (link.kind === 'folder') await this.fileLink(link, fileId!, disposition);
    else if (fileId && fileId !== link.fileId) throw notFound('File not found');
    const ticket = randomBytes(32).toString('base64url');
    const issued = await this.unit.run(async () => {
      const counted = await this.links.countDownload(link.id);
      if (!counted) return undefined;
      await this.accessed(link, visitor, disposition);
      return this.links.addTicket(
        { ticketHash: tokenHash(ticket), linkId: link.id, fileId: link.kind === 'folder' ? fileId! : null, disposition, clientIp: visitor.clientIp ?? null },
        SHARE_TICKET_SECONDS,
      );
    });
    if (!issued) throw forbidden(ShareRefusal.AccessLimitReached);
    return { ticket, expiresAt: issued.expiresAt.toISOString() };
  }

  /**
   * A folder link's "Download all": checked like a Download (bots refused, password, expiry, allow-list, limit) and
   * counted as one download of the link, kept in its history; the files service, asked as the link's maker, signs a zip
   * download address of the link's folder (restricted folders inside it left out, as on the page).
   */
  async zip(visitor: Visitor, token: string, password: string | undefined): Promise<{ ticket: string; expiresAt: string; folderId: string }> {
    if (isLinkPreviewBot(visitor.userAgent)) throw forbidden(LinkRefusal.Preview);
    const link = await this.usable(token, visitor.clientIp);
    await this.checkPassword(link, password);
    if (link.kind !== 'folder') throw invalid('Only a folder link downloads as a zip');
    const counted = await this.unit.run(async () => {
      if (!(await this.links.countDownload(link.id))) return false;
      await this.accessed(link, visitor, 'attachment');
      return true;
    });
    if (!counted) throw forbidden(ShareRefusal.AccessLimitReached);
    const owner: CallerIdentity = { userId: link.createdByUserId, accountId: link.accountId, role: 'member' };
    const { ticket, expiresAt } = await this.services.request(FilesSubject.ZipTicket, { items: [link.fileId], linkFolder: link.fileId }, { caller: owner });
    return { ticket, expiresAt, folderId: link.fileId };
  }

  /** Spends a ticket from the address it was issued to, while its link still allows it; answers where the gateway reads the bytes. */
  async redeem(clientIp: string | undefined, ticket: string): Promise<{ url: string; disposition: 'inline' | 'attachment' }> {
    const used = await this.links.spendTicket(tokenHash(ticket));
    if (!used || (used.clientIp ?? undefined) !== clientIp) throw notFound(LinkRefusal.TicketSpent);
    const link = await this.links.find(used.linkId);
    if (!link || link.fileTrashed) throw notFound(LINK_NOT_FOUND);
    await this.policy.checkLinkOpen(link);
    this.checkRestrictions(link, clientIp);
    const { url } = await this.fileLink(link, used.fileId ?? link.fileId, used.disposition);
    return { url, disposition: used.disposition };
  }

  /** Where the gateway reads a link's file (a folder link's: a file inside its folder now), asked of the files service as the link's maker. */
  private fileLink(link: LinkRow, fileId: string, disposition: 'inline' | 'attachment') {
    const owner: CallerIdentity = { userId: link.createdByUserId, accountId: link.accountId, role: 'member' };
    const within = link.kind === 'folder' ? link.fileId : undefined;
    return this.services.request(FilesSubject.FileLink, { fileId, disposition, viaShare: true, within }, { caller: owner });
  }

  // Kept in step with the files service's events.

  fileTrashed(fileId: string, trashed: boolean) {
    return this.links.setFileTrashed(fileId, trashed);
  }

  fileDeleted(fileId: string) {
    return this.links.removeFile(fileId);
  }

  /** A link's page and the sharer's list name the file as it is called now (the same name twice changes nothing more). */
  fileRenamed(fileId: string, name: string) {
    return this.links.setFileName(fileId, name);
  }
}
