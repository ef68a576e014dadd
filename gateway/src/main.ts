import { CofferLogger, configOrExit, startTracing } from '@coffer/server-core';
import { gatewayConfigSchema } from './config.js';
import { createGateway } from './gateway-app.js';

const config = configOrExit('gateway', gatewayConfigSchema);
const logger = new CofferLogger('gateway', config.LOG_LEVEL);
// Before anything is served: every request is traced when OTEL_EXPORTER_OTLP_ENDPOINT is set.
await startTracing('gateway');
const app = await createGateway(config, logger);
await app.listen(config.GATEWAY_PORT, config.GATEWAY_HOST);
logger.log({ msg: `Gateway listening on http://${config.GATEWAY_HOST}:${config.GATEWAY_PORT}/api` }, 'Bootstrap');
