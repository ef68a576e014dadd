export const SERVICE_NAMES = ['auth', 'files', 'sharing', 'billing', 'notification'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

/** Request/reply subject a service answers its health on. */
export const healthSubject = (service: ServiceName) => `${service}.health.check`;

export interface ServiceHealth {
  service: ServiceName;
  status: 'up' | 'down';
  database?: 'up' | 'down';
  uptimeSeconds?: number;
  error?: string;
}

export interface HealthReport {
  status: 'ok' | 'degraded';
  services: Record<ServiceName, ServiceHealth>;
}
