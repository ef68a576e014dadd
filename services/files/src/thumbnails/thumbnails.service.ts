import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { type CallerIdentity, type DomainEvent, type FileChange, type FileThumbnail } from '@coffer/contracts';
import { notFound, SERVICE_CONFIG, UnitOfWork } from '@coffer/server-core';
import type { FilesConfig } from '../config.js';
import { AccessService } from '../access/access.service.js';
import { FilesRepository } from '../files/files.repository.js';
import { FilesService } from '../files/files.service.js';
import { ObjectStorage } from '../storage/object-storage.js';
import { maxThumbnailSourceBytes, takesThumbnail, thumbnailKeyOf, THUMBNAIL_MIME_TYPE, thumbnailOfFile } from './thumbnail-image.js';

/** Files waiting for their thumbnail at most: past it a burst's rest keeps its icons (this replica is far behind). */
const MAX_WAITING = 10_000;
/** Thumbnails wait while uploads come in: until none was heard for this long… */
const UPLOADS_QUIET_MS = 1000;
/** …or, while they keep coming, this long after the last thumbnail made (one at a time still gets through). */
const LONGEST_DEFERRAL_MS = 10_000;

/**
 * Thumbnails of uploaded images and of PDFs' first pages, made in the background: the upload event only puts the file in a queue,
 * and one thumbnail at a time is made (THUMBNAILS_AT_ONCE), so a burst of uploads never waits for them.
 * Each stored object is tried once (claimed on the file row, so a redelivered event or a second replica
 * does nothing); whatever fails (not an image, damaged, too many pixels, an encrypted PDF, too slow) leaves the file without
 * one and its card with its icon. A file whose object changes gets a thumbnail of the new one.
 */
@Injectable()
export class ThumbnailsService implements OnApplicationShutdown {
  private readonly logger = new Logger(ThumbnailsService.name);
  private readonly waiting: string[] = [];
  private working = 0;
  private stopped = false;
  /** When this replica last heard of an upload, and last made a thumbnail (or started to wait for its turn). */
  private lastUpload = 0;
  private lastMade = 0;
  private deferred?: NodeJS.Timeout;
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

  /** An uploaded file: an image or a PDF goes in the queue (nothing is awaited here: the event is acknowledged at once). */
  uploaded(event: DomainEvent<FileChange>): void {
    const { item } = event.payload;
    this.lastUpload = Date.now();
    if (this.config.THUMBNAILS === 'off' || this.stopped || !takesThumbnail(item.mimeType)) return;
    if (this.waiting.length >= MAX_WAITING) return;
    if (this.waiting.length === 0 && this.working === 0) this.lastMade = Date.now();
    this.waiting.push(item.id);
    // After the event's transaction (embedded PGlite has one connection: the claim waits for it otherwise).
    setImmediate(() => this.next());
  }

  /**
   * How long the next thumbnail waits: while uploads are coming in (a burst of 200 pictures) the CPU is
   * theirs, and thumbnails follow once it is over; 0 when it may start now.
   */
  private waitBeforeNext(): number {
    const now = Date.now();
    const quietIn = this.lastUpload + UPLOADS_QUIET_MS - now;
    const dueIn = this.lastMade + LONGEST_DEFERRAL_MS - now;
    return Math.max(0, Math.min(quietIn, dueIn));
  }

  private next() {
    if (this.deferred) return;
    const wait = this.waitBeforeNext();
    if (wait > 0 && this.waiting.length > 0 && !this.stopped) {
      this.deferred = setTimeout(() => {
        this.deferred = undefined;
        this.next();
      }, wait);
      return;
    }
    while (!this.stopped && this.working < this.config.THUMBNAILS_AT_ONCE && this.waiting.length > 0) {
      this.lastMade = Date.now();
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
      if (file.size > maxThumbnailSourceBytes(file.mimeType)) return;
      const thumbnail = await thumbnailOfFile(file.mimeType, await this.objects.read(source));
      key = thumbnailKeyOf(source);
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
    clearTimeout(this.deferred);
    this.waiting.length = 0;
    for (const resolve of this.idleWaiters.splice(0)) resolve();
  }
}
