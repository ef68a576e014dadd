import { defineConfig } from 'drizzle-kit';

// The tables every service's database has (outbox, processed_events): owned and migrated here, applied before the service's own.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db-schema.ts',
  out: './migrations',
});
