export { outbox, processedEvents } from '@coffer/server-core/db-schema';
