import 'reflect-metadata';
import { configOrExit, runService } from '@coffer/server-core';
import { AppModule } from './app.module.js';
import { filesConfigSchema } from './config.js';

const config = configOrExit('files service', filesConfigSchema);
await runService('files', config, AppModule.forConfig(config));
