import { z } from 'zod';
import { baseConfigSchema } from '@coffer/server-core';

/** Locally the only proxy is on this machine; behind an ingress its network must be named, or every user shares its IP. */
const LOCAL_PROXY = 'loopback';

export const gatewayConfigSchema = baseConfigSchema
  .extend({
    GATEWAY_PORT: z.coerce.number().int().min(1).max(65535).default(4000),
    GATEWAY_HOST: z.string().min(1).default('127.0.0.1'),
    /** Which proxies' X-Forwarded-For to trust for the client IP (Express "trust proxy"): loopback locally, the ingress's network in a cluster. */
    GATEWAY_TRUST_PROXY: z.string().min(1).default(LOCAL_PROXY),
    /** How long the gateway waits for a service's reply before answering 503. */
    RPC_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
    /** The gateway's management port: Prometheus metrics (/metrics: requests by route and status) and /livez, /readyz; unset = none. */
    GATEWAY_MANAGEMENT_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    /**
     * The developer's key to the captured mail and the test clock (/dev/*): `npm start` makes one per run and
     * prints the link. Unset, or in production, those routes do not exist.
     */
    DEV_KEY: z.string().min(24, 'must be at least 24 characters').optional(),
  })
  .superRefine((c, ctx) => {
    if (c.NODE_ENV === 'production' && c.GATEWAY_TRUST_PROXY === LOCAL_PROXY) {
      ctx.addIssue({
        code: 'custom',
        path: ['GATEWAY_TRUST_PROXY'],
        message: "is required in production: the ingress's addresses (per-IP limits and share allow-lists read the client's IP through it)",
      });
    }
  });
export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;
export const GATEWAY_CONFIG = Symbol('GATEWAY_CONFIG');
