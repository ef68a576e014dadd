import { Inject, Injectable } from '@nestjs/common';
import { SHARE_ACCESS_LIMIT, type CallerIdentity, type ListShareAccessesReply } from '@coffer/contracts';
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

  async list(caller: CallerIdentity, shareId: string): Promise<ListShareAccessesReply> {
    const share = await this.shares.find(shareId);
    // Anyone but the sharer learns nothing, not even that the share exists.
    if (!share || share.sharedByUserId !== caller.userId) throw notFound('Share not found');
    const rows = await this.accesses.latest(share.id, SHARE_ACCESS_LIMIT);
    return {
      items: rows.map((r) => ({ id: r.id, accessedAt: r.accessedAt.toISOString(), clientIp: r.clientIp, disposition: r.disposition })),
    };
  }
}
