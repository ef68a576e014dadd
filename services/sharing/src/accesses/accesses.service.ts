import { Inject, Injectable } from '@nestjs/common';
import type { CallerIdentity, ListShareAccessesReply, ReceivedPayload, SharingSubject } from '@coffer/contracts';
import { notFound } from '@coffer/server-core';
import { SharesRepository } from '../shares/shares.repository.js';
import { AccessesRepository } from './accesses.repository.js';

/** Who opened a share, when and from where: shown to the share's sharer only. */
@Injectable()
export class AccessesService {
  constructor(
    @Inject(AccessesRepository) private readonly accesses: AccessesRepository,
    @Inject(SharesRepository) private readonly shares: SharesRepository,
  ) {}

  /** A page of a share's opens and downloads, newest first, for its sharer. */
  async list(caller: CallerIdentity, { shareId, limit, after }: ReceivedPayload<typeof SharingSubject.ListShareAccesses>): Promise<ListShareAccessesReply> {
    const share = await this.shares.find(shareId);
    // Anyone but the sharer learns nothing, not even that the share exists.
    if (!share || share.sharedByUserId !== caller.userId) throw notFound('Share not found');
    const page = await this.accesses.page(share.id, { limit, after });
    return {
      items: page.rows.map((r) => ({ id: r.id, accessedAt: r.accessedAt.toISOString(), clientIp: r.clientIp, disposition: r.disposition })),
      next: page.next,
      total: page.total,
    };
  }
}
