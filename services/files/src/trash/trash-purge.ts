import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { SERVICE_CONFIG } from '@coffer/server-core';
import type { FilesConfig } from '../config.js';
import { VersionsService } from '../versions/versions.service.js';
import { TrashService } from './trash.service.js';

/** Runs the purges (the trash, and versions past their plan's retention) on every replica's timer; the advisory lock lets only one of them work at a time. */
@Injectable()
export class TrashPurge implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(TrashPurge.name);
  private timer?: NodeJS.Timeout;

  constructor(
    @Inject(TrashService) private readonly trash: TrashService,
    @Inject(VersionsService) private readonly versions: VersionsService,
    @Inject(SERVICE_CONFIG) private readonly config: FilesConfig,
  ) {}

  onApplicationBootstrap() {
    this.timer = setInterval(() => void this.run(), this.config.FILES_PURGE_INTERVAL_SECONDS * 1000);
    this.timer.unref();
  }

  async run() {
    try {
      const purged = await this.trash.purge();
      if (purged) this.logger.log({ msg: 'Purged items trashed over 30 days ago', purged });
      const versions = await this.versions.purge();
      if (versions) this.logger.log({ msg: "Purged versions kept longer than their plan's retention", versions });
    } catch (err) {
      this.logger.warn({ msg: 'Trash purge failed; it will run again', error: String(err) });
    }
  }

  onApplicationShutdown() {
    clearInterval(this.timer);
  }
}
