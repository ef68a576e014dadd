import 'reflect-metadata';
import { configOrExit, runService } from '@coffer/server-core';
import { AppModule } from './app.module.js';
import { billingConfigSchema } from './config.js';

const config = configOrExit('billing service', billingConfigSchema);
await runService('billing', config, AppModule.forConfig(config));
