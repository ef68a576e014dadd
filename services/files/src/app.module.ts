import { fileURLToPath } from 'node:url';
import { Module, type DynamicModule } from '@nestjs/common';
import { CoreModule } from '@coffer/server-core';
import type { FilesConfig } from './config.js';
import * as schema from './db/schema.js';
import { AccessRepository } from './access/access.repository.js';
import { AccessService } from './access/access.service.js';
import { PlanFeatures } from './access/plan-features.js';
import { BulkActionsHandler } from './bulk/bulk-actions.handler.js';
import { BulkActionsService } from './bulk/bulk-actions.service.js';
import { FilesHandler } from './files/files.handler.js';
import { FilesRepository } from './files/files.repository.js';
import { FilesService } from './files/files.service.js';
import { FoldersHandler } from './folders/folders.handler.js';
import { FoldersService } from './folders/folders.service.js';
import { LinksHandler } from './links/links.handler.js';
import { LinksService } from './links/links.service.js';
import { ObjectStorage } from './storage/object-storage.js';
import { PersonalDataHandler } from './personal-data/personal-data.handler.js';
import { PersonalDataRepository } from './personal-data/personal-data.repository.js';
import { PersonalDataService } from './personal-data/personal-data.service.js';
import { StorageHandler } from './storage/storage.handler.js';
import { StorageService } from './storage/storage.service.js';
import { TeamFoldersHandler } from './team-folders/team-folders.handler.js';
import { TeamFoldersService } from './team-folders/team-folders.service.js';
import { TrashPurge } from './trash/trash-purge.js';
import { TrashHandler } from './trash/trash.handler.js';
import { TrashService } from './trash/trash.service.js';
import { UploadsHandler } from './uploads/uploads.handler.js';
import { UploadsRepository } from './uploads/uploads.repository.js';
import { UploadsService } from './uploads/uploads.service.js';
import { ThumbnailsHandler } from './thumbnails/thumbnails.handler.js';
import { ThumbnailsService } from './thumbnails/thumbnails.service.js';
import { VersionsHandler } from './versions/versions.handler.js';
import { VersionsRepository } from './versions/versions.repository.js';
import { VersionsService } from './versions/versions.service.js';
import { ZipDownloadsHandler } from './zips/zip-downloads.handler.js';
import { ZipDownloadsService } from './zips/zip-downloads.service.js';
import { ZipTickets } from './zips/zip-tickets.js';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../src/db/migrations', import.meta.url));

@Module({})
export class AppModule {
  static forConfig(config: FilesConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [CoreModule.forService({ service: 'files', config, schema, migrationsFolder: MIGRATIONS_FOLDER })],
      controllers: [
        FilesHandler,
        FoldersHandler,
        UploadsHandler,
        TrashHandler,
        LinksHandler,
        StorageHandler,
        PersonalDataHandler,
        TeamFoldersHandler,
        ThumbnailsHandler,
        VersionsHandler,
        BulkActionsHandler,
        ZipDownloadsHandler,
      ],
      providers: [
        FilesRepository,
        ThumbnailsService,
        UploadsRepository,
        ObjectStorage,
        FilesService,
        FoldersService,
        UploadsService,
        TrashService,
        TrashPurge,
        LinksService,
        StorageService,
        PersonalDataRepository,
        PersonalDataService,
        AccessRepository,
        PlanFeatures,
        AccessService,
        TeamFoldersService,
        VersionsRepository,
        VersionsService,
        BulkActionsService,
        ZipTickets,
        ZipDownloadsService,
      ],
    };
  }
}
