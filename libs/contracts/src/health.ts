import { z } from 'zod';
import { message } from './messages.js';

export const SERVICE_NAMES = ['auth', 'files', 'sharing', 'billing', 'notification'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

/** Request/reply subject a service answers its health on. */
export type HealthSubject = `${ServiceName}.health.check`;
export const healthSubject = <S extends ServiceName>(service: S) => `${service}.health.check` as `${S}.health.check`;

/** degraded: it answers, but cannot do all its work (its disk is full: `error` says so). */
const healthStatus = z.enum(['up', 'degraded', 'down']);
export const serviceHealthSchema = z.object({
  service: z.enum(SERVICE_NAMES),
  status: healthStatus,
  database: healthStatus.optional(),
  uptimeSeconds: z.number().optional(),
  error: z.string().optional(),
});
export type ServiceHealth = z.output<typeof serviceHealthSchema>;

export const healthReportSchema = z.object({
  /** ok: every service is up; degraded: some answer but not all are up (a service away, or one whose disk is full); down: none answers, or the gateway has not yet read which sessions ended (not ready: 503). */
  status: z.enum(['ok', 'degraded', 'down']),
  services: z.record(z.enum(SERVICE_NAMES), serviceHealthSchema),
});
export type HealthReport = z.output<typeof healthReportSchema>;

const healthCheck = message(z.object({}), serviceHealthSchema);
/** Every service answers its health check with the same contract. */
export const healthRequests = Object.fromEntries(SERVICE_NAMES.map((s) => [healthSubject(s), healthCheck])) as Record<HealthSubject, typeof healthCheck>;
