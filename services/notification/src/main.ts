import 'reflect-metadata';
import { configOrExit, runService } from '@coffer/server-core';
import { AppModule } from './app.module.js';
import { notificationConfigSchema } from './config.js';

const config = configOrExit('notification service', notificationConfigSchema);
await runService('notification', config, AppModule.forConfig(config));
