import { z } from 'zod';

/** Raised when an environment variable is missing or malformed; names the variable. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Settings every service and the gateway share. */
export const baseConfigSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    NATS_URL: z
      .string()
      .regex(/^(nats|tls):\/\/[^\s]+$/, 'must be a nats:// URL')
      .default('nats://127.0.0.1:4222'),
    LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
    /** The CA that signed the NATS servers' certificates (TLS; a tls:// URL or a server that requires it). */
    NATS_TLS_CA_FILE: z.string().min(1).optional(),
    /** This process's client certificate and key, when the NATS servers verify clients (mutual TLS). */
    NATS_TLS_CERT_FILE: z.string().min(1).optional(),
    NATS_TLS_KEY_FILE: z.string().min(1).optional(),
    /** A NATS .creds file (user JWT and seed) of a cluster that signs its users in (decentralised JWT auth). */
    NATS_CREDS_FILE: z.string().min(1).optional(),
  })
  .refine((c) => Boolean(c.NATS_TLS_CERT_FILE) === Boolean(c.NATS_TLS_KEY_FILE), {
    path: ['NATS_TLS_KEY_FILE'],
    message: 'set both NATS_TLS_CERT_FILE and NATS_TLS_KEY_FILE (mutual TLS) or neither',
  });

/** The settings every process shares. */
export type BaseConfig = z.infer<typeof baseConfigSchema>;

/** Settings of a service that owns a database. */
export const serviceConfigSchema = baseConfigSchema.extend({
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  DATA_DIR: z.string().min(1).default('.data'),
  /** Copies of the events stream NATS keeps: 1 on one server, 3 on a cluster of 3 (set on start, by the first service up). */
  EVENTS_STREAM_REPLICAS: z.coerce.number().int().min(1).max(5).default(1),
  /** The management port (probes and metrics); unset = none (local runs start many services on one machine). */
  MANAGEMENT_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** Connections to DATABASE_URL each process keeps at most. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  /**
   * true: this service's database is meant to be new (or another one), although NATS remembers the one this
   * installation had; without it such a service refuses to start (its data was lost). Not needed on a fresh installation.
   */
  COFFER_NEW_INSTALLATION: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});

/**
 * Reads and validates the environment once at start. A bad value throws a
 * ConfigError whose message names each offending variable (never its value:
 * it may be a secret).
 */
export function loadConfig<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const parsed = schema.safeParse(env);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
  throw new ConfigError(problems);
}
