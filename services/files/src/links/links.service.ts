import { Inject, Injectable } from '@nestjs/common';
import { FilesEvent, SHARE_TICKET_SECONDS, SIGNED_URL_SECONDS, type CallerIdentity, type FileLink } from '@coffer/contracts';
import { EventBus, UnitOfWork } from '@coffer/server-core';
import { FilesRepository } from '../files/files.repository.js';
import { FilesService } from '../files/files.service.js';
import { AccessService } from '../access/access.service.js';
import { ObjectStorage } from '../storage/object-storage.js';

/** Signed view and download links of the caller's own files (the sharing service asks as the owner). */
@Injectable()
export class LinksService {
  constructor(
    @Inject(FilesRepository) private readonly files: FilesRepository,
    @Inject(FilesService) private readonly items: FilesService,
    @Inject(ObjectStorage) private readonly objects: ObjectStorage,
    @Inject(EventBus) private readonly bus: EventBus,
    @Inject(UnitOfWork) private readonly unit: UnitOfWork,
    @Inject(AccessService) private readonly access: AccessService,
  ) {}

  /**
   * A URL valid one hour that opens (inline) or downloads (attachment) the file
   * under its name. The owner's own open counts as an access for Recent, and
   * their download is announced (Activity Log, audit log); a share recipient's
   * open (`viaShare`) is the sharing service's to count, and its URL the gateway's to read (60 s).
   */
  async link(caller: CallerIdentity, id: string, disposition: 'inline' | 'attachment', viaShare = false, within?: string): Promise<FileLink> {
    // A file in a folder shared with the caller: each View or Download is one access of the share (counted by sharing).
    if (!viaShare) caller = await this.access.actingFor(caller, id, disposition);
    const file = viaShare ? await this.items.sharedFile(caller, id, within) : await this.items.activeFile(caller, id);
    const url = await this.objects.fileLink(file.storagePath, file.name, file.mimeType, disposition, viaShare);
    if (!viaShare)
      await this.unit.run(async () => {
        await this.files.touch(file.id);
        if (disposition === 'attachment')
          await this.bus.record(FilesEvent.FileDownloaded, {
            accountId: caller.accountId,
            actorId: caller.userId,
            payload: await this.items.changeOf(caller, file),
          });
      });
    return { url, expiresAt: new Date(Date.now() + (viaShare ? SHARE_TICKET_SECONDS : SIGNED_URL_SECONDS) * 1000).toISOString() };
  }
}
