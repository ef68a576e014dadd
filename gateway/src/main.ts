import 'reflect-metadata';
import { ValidationPipe } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import cookieParser from 'cookie-parser';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { CofferLogger, configOrExit } from '@coffer/server-core';
import { AppModule } from './app.module.js';
import { HttpErrorFilter } from './common/http-error.filter.js';
import { gatewayConfigSchema } from './config.js';

const config = configOrExit('gateway', gatewayConfigSchema);
const logger = new CofferLogger('gateway', config.LOG_LEVEL);
const app = await NestFactory.create<NestExpressApplication>(AppModule.forConfig(config), { logger });
// Everything is under /api, but the development mailbox at /dev/mail and the public keys at /.well-known.
app.setGlobalPrefix('api', { exclude: ['dev/mail', 'dev/mail/{:id}', '.well-known/jwks.json'] });
app.use(cookieParser());
app.set('trust proxy', config.GATEWAY_TRUST_PROXY.split(',').map((v) => v.trim()));
app.disable('x-powered-by');
app.useGlobalPipes(new ValidationPipe({ whitelist: true, forbidNonWhitelisted: true, transform: true }));
app.useGlobalFilters(new HttpErrorFilter());
app.enableShutdownHooks();
await app.listen(config.GATEWAY_PORT, config.GATEWAY_HOST);
logger.log({ msg: `Gateway listening on http://${config.GATEWAY_HOST}:${config.GATEWAY_PORT}/api` }, 'Bootstrap');
