import { Inject, Injectable } from '@nestjs/common';
import { SIGNED_URL_SECONDS, type CallerIdentity, type FileLink } from '@coffer/contracts';
import { FilesRepository } from '../files/files.repository.js';
import { FilesService } from '../files/files.service.js';
import { ObjectStorage } from '../storage/object-storage.js';

/** Signed view and download links of the caller's own files (the sharing service asks as the owner). */
@Injectable()
export class LinksService {
  constructor(
    @Inject(FilesRepository) private readonly files: FilesRepository,
    @Inject(FilesService) private readonly items: FilesService,
    @Inject(ObjectStorage) private readonly objects: ObjectStorage,
  ) {}

  /** A URL valid one hour that opens (inline) or downloads (attachment) the file under its name; it counts as an access for Recent. */
  async link(caller: CallerIdentity, id: string, disposition: 'inline' | 'attachment'): Promise<FileLink> {
    const file = await this.items.activeFile(caller, id);
    const url = await this.objects.fileLink(file.storagePath, file.name, disposition);
    await this.files.touch(file.id);
    return { url, expiresAt: new Date(Date.now() + SIGNED_URL_SECONDS * 1000).toISOString() };
  }
}
