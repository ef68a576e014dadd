import { Inject, Injectable } from '@nestjs/common';
import {
  accountLinksCursor,
  readAccountLinksCursor,
  ROLE_REFUSALS,
  roleMay,
  sharerName,
  type AccountLink,
  type CallerIdentity,
  type ListAccountLinksReply,
} from '@coffer/contracts';
import { forbidden } from '@coffer/server-core';
import type { FileRequestRow, LinkRow } from '../db/schema.js';
import { LinksRepository } from '../links/links.repository.js';
import { PeopleRepository } from '../people/people.repository.js';
import { FileRequestsRepository } from '../requests/file-requests.repository.js';

type Maker = AccountLink['createdBy'];

const fromLink = (link: LinkRow, createdBy: Maker): AccountLink => ({
  type: 'link',
  id: link.id,
  itemName: link.fileName,
  itemKind: link.kind,
  title: '',
  createdBy,
  createdAt: link.createdAt.toISOString(),
  expiresAt: link.expiresAt?.toISOString() ?? null,
  hasPassword: link.passwordHash !== null,
  allowedIps: link.allowedIps,
  maxDownloads: link.maxDownloads,
  maxBytes: null,
  opens: link.openCount,
  downloads: link.downloadCount,
  uploads: null,
});

const fromRequest = (request: FileRequestRow, createdBy: Maker): AccountLink => ({
  type: 'file_request',
  id: request.id,
  itemName: request.folderName,
  itemKind: 'folder',
  title: request.title,
  createdBy,
  createdAt: request.createdAt.toISOString(),
  expiresAt: request.expiresAt?.toISOString() ?? null,
  hasPassword: false,
  allowedIps: null,
  maxDownloads: null,
  maxBytes: request.maxBytes,
  opens: null,
  downloads: null,
  uploads: request.uploadCount,
});

/** Newest first, then by id (as the repositories order them, to the millisecond). */
function newerFirst(a: { createdAt: Date; id: string }, b: { createdAt: Date; id: string }): number {
  const at = b.createdAt.getTime() - a.createdAt.getTime();
  return at !== 0 ? at : a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

/** Every active link and file request of the account, for its owner and admins: one list, paged newest first. */
@Injectable()
export class AccountLinksService {
  constructor(
    @Inject(LinksRepository) private readonly links: LinksRepository,
    @Inject(FileRequestsRepository) private readonly requests: FileRequestsRepository,
    @Inject(PeopleRepository) private readonly people: PeopleRepository,
  ) {}

  async list(caller: CallerIdentity, query: { after?: string; limit: number }): Promise<ListAccountLinksReply> {
    if (!roleMay(caller.role, 'viewAccountLinks')) throw forbidden(ROLE_REFUSALS.viewAccountLinks);
    const after = query.after ? readAccountLinksCursor(query.after) : undefined;
    // A page of each, merged: the page is the newest `limit` of both, and the next one starts after its last row.
    const [links, requests] = await Promise.all([
      this.links.activeInAccount(caller.accountId, after, query.limit + 1),
      this.requests.activeInAccount(caller.accountId, after, query.limit + 1),
    ]);
    const merged = [...links.map((row) => ({ row, link: true as const })), ...requests.map((row) => ({ row, link: false as const }))].sort((a, b) =>
      newerFirst(a.row, b.row),
    );
    const page = merged.slice(0, query.limit);
    const makers = await this.people.findByIds([...new Set(page.map(({ row }) => row.createdByUserId))]);
    const makerOf = (userId: string): Maker => ({ userId, name: sharerName(makers.get(userId), 'A user') });
    const items = page.map(({ row, link }) =>
      link ? fromLink(row as LinkRow, makerOf(row.createdByUserId)) : fromRequest(row as FileRequestRow, makerOf(row.createdByUserId)),
    );
    return { items, next: merged.length > query.limit && items.length > 0 ? accountLinksCursor(items[items.length - 1]) : null };
  }
}
