import 'reflect-metadata';
import { configOrExit, runService } from '@coffer/server-core';
import { AppModule } from './app.module.js';
import { sharingConfigSchema } from './config.js';

const config = configOrExit('sharing service', sharingConfigSchema);
await runService('sharing', config, AppModule.forConfig(config));
