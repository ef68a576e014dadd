import 'reflect-metadata';
import { configOrExit, runService } from '@coffer/server-core';
import { AppModule } from './app.module.js';
import { authConfigSchema } from './config.js';

const config = configOrExit('auth service', authConfigSchema);
await runService('auth', config, AppModule.forConfig(config));
