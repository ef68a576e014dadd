import { CofferLogger, configOrExit, HttpMetrics, startManagementServer, startTracing } from '@coffer/server-core';
import { gatewayConfigSchema } from './config.js';
import { createGateway } from './gateway-app.js';

const config = configOrExit('gateway', gatewayConfigSchema);
const logger = new CofferLogger('gateway', config.LOG_LEVEL);
// Before anything is served: every request is traced when OTEL_EXPORTER_OTLP_ENDPOINT is set.
await startTracing('gateway');
const metrics = config.GATEWAY_MANAGEMENT_PORT === undefined ? undefined : new HttpMetrics();
const app = await createGateway(config, logger, metrics);
await app.listen(config.GATEWAY_PORT, config.GATEWAY_HOST);
// Its readiness stays /api/health (it asks the services); this port is for Prometheus.
if (metrics) await startManagementServer({ port: config.GATEWAY_MANAGEMENT_PORT!, metrics, readiness: [], started: () => true });
logger.log({ msg: `Gateway listening on http://${config.GATEWAY_HOST}:${config.GATEWAY_PORT}/api` }, 'Bootstrap');
