import { fileURLToPath } from 'node:url';
import { Module, type DynamicModule } from '@nestjs/common';
import { CoreModule } from '@coffer/server-core';
import type { FilesConfig } from './config.js';
import * as schema from './db/schema.js';
import { FilesHandler } from './files/files.handler.js';
import { FilesRepository } from './files/files.repository.js';
import { FilesService } from './files/files.service.js';
import { ObjectStorage } from './storage/object-storage.js';
import { TrashPurge } from './files/trash-purge.js';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../src/db/migrations', import.meta.url));

@Module({})
export class AppModule {
  static forConfig(config: FilesConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [CoreModule.forService({ service: 'files', config, schema, migrationsFolder: MIGRATIONS_FOLDER })],
      controllers: [FilesHandler],
      providers: [FilesRepository, FilesService, ObjectStorage, TrashPurge],
    };
  }
}
