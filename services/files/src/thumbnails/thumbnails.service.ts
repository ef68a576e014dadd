import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { type CallerIdentity, type DomainEvent, type FileThumbnail, type FileUploaded } from '@coffer/contracts';
import { notFound, SERVICE_CONFIG, UnitOfWork } from '@coffer/server-core';
import type { FilesConfig } from '../config.js';
import { AccessService } from '../access/access.service.js';
import { FilesRepository } from '../files/files.repository.js';
import { FilesService } from '../files/files.service.js';
import { ObjectStorage } from '../storage/object-storage.js';
import { MAX_THUMBNAIL_SOURCE_BYTES, takesThumbnail, THUMBNAIL_MIME_TYPE, thumbnailOf } from './thumbnail-image.js';

/** Files waiting for their thumbnail at most: past it a burst's rest keeps its icons (this replica is far behind). */
const MAX_WAITING = 10_000;

/**
 * Thumbnails of uploaded images, made in the background: the upload event only puts the file in a queue,
 * and one thumbnail at a time is made (THUMBNAILS_AT_ONCE), so a burst of uploads never waits for them.
 * Each stored object is tried once (claimed on the file row, so a redelivered event or a second replica
 * does nothing); whatever fails (not an image, damaged, too many pixels, too slow) leaves the file without
 * one and its card with its icon. A file whose object changes gets a thumbnail of the new one.
 */
@Injectable()
export class ThumbnailsService implements OnApplicationShutdown {
  private readonly logger = new Logger(ThumbnailsService.name);
  private readonly waiting: string[] = [];
  private working = 0;
  private stopped = false;
  /** Resolves when the queue is empty and nothing is being made (tests wait for it). */
  private idleWaiters: (() => void)[] = [];

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: FilesConfig,
    @Inject(FilesRepository) private readonly files: FilesRepository,
    @Inject(FilesService) private readonly items: FilesService,
    @Inject(AccessService) private readonly access: AccessService,
    @Inject(ObjectStorage) private readonly objects: ObjectStorage,
    @Inject(UnitOfWork) private readonly unit: UnitOfWork,
  ) {}

  /** An uploaded file: an image goes in the queue (nothing is awaited here: the event is acknowledged at once). */
  uploaded(event: DomainEvent<FileUploaded>): void {
    const { item } = event.payload;
    if (this.config.THUMBNAILS === 'off' || this.stopped || !takesThumbnail(item.mimeType)) return;
    if (this.waiting.length >= MAX_WAITING) return;
    this.waiting.push(item.id);
    // After the event's transaction (embedded PGlite has one connection: the claim waits for it otherwise).
    setImmediate(() => this.next());
  }

  private next() {
    while (!this.stopped && this.working < this.config.THUMBNAILS_AT_ONCE && this.waiting.length > 0) {
      const id = this.waiting.shift()!;
      this.working++;
      void this.make(id).finally(() => {
        this.working--;
        this.next();
      });
    }
    if (this.working === 0 && this.waiting.length === 0) for (const resolve of this.idleWaiters.splice(0)) resolve();
  }

  /** Makes one file's thumbnail, if its object was not tried yet; never throws. */
  private async make(id: string): Promise<void> {
    let key: string | undefined;
    try {
      const file = await this.files.claimThumbnail(id);
      if (!file?.storagePath) return;
      const source = file.storagePath;
      if (file.size > MAX_THUMBNAIL_SOURCE_BYTES) return;
      const thumbnail = await thumbnailOf(await this.objects.read(source));
      key = `${source}.thumbnail.webp`;
      await this.objects.put(key, thumbnail, THUMBNAIL_MIME_TYPE);
      const made = await this.unit.run(async () => {
        const row = await this.files.recordThumbnail(id, source, key!);
        if (row) await this.items.announceThumbnail(row);
        return row;
      });
      // Replaced or deleted while it was made: the thumbnail belongs to nothing.
      if (!made) await this.objects.remove([key]);
    } catch (err) {
      this.logger.warn({ msg: 'No thumbnail for a file; its card keeps its icon', fileId: id, error: err instanceof Error ? err.message : String(err) });
      if (key) await this.objects.remove([key]).catch(() => undefined);
    }
  }

  /** Resolves once every queued thumbnail is made or given up. */
  idle(): Promise<void> {
    if (this.working === 0 && this.waiting.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** A file's thumbnail, for whoever may view the file (in a folder shared with them too). */
  async thumbnail(caller: CallerIdentity, id: string): Promise<FileThumbnail> {
    const acting = await this.access.actingFor(caller, id);
    const file = await this.items.activeFile(acting, id, 'view');
    if (!file.thumbnailPath || file.thumbnailOf !== file.storagePath) throw notFound('Thumbnail not found');
    const bytes = await this.objects.read(file.thumbnailPath);
    return { data: Buffer.from(bytes).toString('base64'), mimeType: THUMBNAIL_MIME_TYPE };
  }

  onApplicationShutdown() {
    this.stopped = true;
    this.waiting.length = 0;
  }
}
