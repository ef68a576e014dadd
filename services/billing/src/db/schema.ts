export { processedEvents } from '@coffer/server-core/db-schema';
