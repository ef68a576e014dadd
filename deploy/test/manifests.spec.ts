// Every production overlay, rendered as `kubectl apply -k` would apply it:
// each resource valid against the Kubernetes schemas, and each app's
// environment (its ConfigMap, and the Secrets of secrets.example.yaml) passing
// that app's own configuration checks with NODE_ENV=production, exactly as it
// would at start. No Docker, no cluster.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { z } from 'zod';
import { loadConfig } from '@coffer/server-core';
import { gatewayConfigSchema } from '../../gateway/src/config';
import { authConfigSchema } from '../../services/auth/src/config';
import { billingConfigSchema } from '../../services/billing/src/config';
import { filesConfigSchema } from '../../services/files/src/config';
import { notificationConfigSchema } from '../../services/notification/src/config';
import { sharingConfigSchema } from '../../services/sharing/src/config';
import { containersOf, environmentOf, kustomize, readYaml, type Resource } from './kustomize';

const OVERLAYS = fileURLToPath(new URL('../k8s/overlays', import.meta.url));

/** Each Node app's Deployment and the configuration it checks at start. */
const APPS: Record<string, z.ZodType> = {
  gateway: gatewayConfigSchema,
  'auth-service': authConfigSchema,
  'files-service': filesConfigSchema,
  'sharing-service': sharingConfigSchema,
  'billing-service': billingConfigSchema,
  'notification-service': notificationConfigSchema,
};

/** The Kubernetes model of a resource's apiVersion and kind, which validates it against the API's schema. */
async function validate(resource: Resource) {
  const [group, version] = resource.apiVersion.includes('/') ? resource.apiVersion.split('/') : [undefined, resource.apiVersion];
  // The Gateway API's and the Prometheus Operator's kinds are CRDs, with their own models.
  const models =
    group === 'gateway.networking.k8s.io'
      ? '@kubernetes-models/gateway-api'
      : group === 'monitoring.coreos.com'
        ? '@kubernetes-models/prometheus-operator'
        : 'kubernetes-models';
  const module = await import(`${models}/${group ? `${group}/` : ''}${version}/${resource.kind}`);
  new module[resource.kind](resource).validate();
}

/** The example Secrets of an overlay: its secrets.example.yaml, or the one of the overlay it builds on. */
function secretExamplesOf(dir: string): Resource[] {
  const file = path.join(dir, 'secrets.example.yaml');
  if (fs.existsSync(file)) return readYaml(file);
  const { resources = [] } = readYaml(path.join(dir, 'kustomization.yaml'))[0] as { resources?: string[] };
  return resources
    .map((entry) => path.join(dir, entry))
    .filter((at) => at.startsWith(OVERLAYS) && fs.statSync(at).isDirectory())
    .flatMap(secretExamplesOf);
}

/** The problems an app's configuration check finds in an environment, one line each (none when it would start). */
function problemsOf(schema: z.ZodType, env: Record<string, string>): string[] {
  try {
    loadConfig(schema, env);
    return [];
  } catch (err) {
    return (err as { problems?: string[] }).problems ?? [String(err)];
  }
}

describe.each(fs.readdirSync(OVERLAYS))('the %s overlay', (overlay) => {
  const dir = path.join(OVERLAYS, overlay);
  const resources = kustomize(dir);
  // The Secrets the cluster must hold, as the overlay's example (or its base overlay's) shows them (never part of the kustomization).
  const examples = secretExamplesOf(dir);

  it('renders resources that are each valid against the Kubernetes schemas, and Secrets that are too', async () => {
    const invalid: string[] = [];
    for (const r of [...resources, ...examples]) {
      await validate(r).catch((err: Error) => invalid.push(`${r.kind} ${r.metadata.name}: ${err.message}`));
    }
    expect(invalid).toEqual([]);
    expect(resources.filter((r) => r.kind === 'Deployment').map((r) => r.metadata.name)).toEqual(expect.arrayContaining(Object.keys(APPS)));
  });

  it.each(Object.keys(APPS))('gives %s every setting it requires in production, and marks none of them optional', (app) => {
    const deployment = resources.find((r) => r.kind === 'Deployment' && r.metadata.name === app)!;
    const { env, optional, missing } = environmentOf(containersOf(deployment)[0], [...resources, ...examples]);
    expect(missing).toEqual([]);
    expect(env.NODE_ENV).toBe('production');
    expect(problemsOf(APPS[app], env)).toEqual([]);
    // A Secret the manifest calls optional may be absent: the app must start without it.
    const requiredYetOptional = [...optional].filter((name) => {
      const { [name]: _, ...without } = env;
      return problemsOf(APPS[app], without).length > 0;
    });
    expect(requiredYetOptional).toEqual([]);
  });

  it.each(Object.keys(APPS).filter((app) => app.endsWith('-service')))('probes %s on the management port it opens', (app) => {
    const deployment = resources.find((r) => r.kind === 'Deployment' && r.metadata.name === app)!;
    const container = containersOf(deployment)[0] as { ports?: { name: string; containerPort: number }[] } & Record<
      string,
      { httpGet?: { path: string; port: string } }
    >;
    const { env } = environmentOf(container, [...resources, ...examples]);
    const port = container.ports?.find((p) => p.name === 'management');
    expect(port?.containerPort).toBe(Number(env.MANAGEMENT_PORT));
    expect(['startupProbe', 'readinessProbe', 'livenessProbe'].map((probe) => container[probe]?.httpGet)).toEqual([
      { path: '/startupz', port: 'management' },
      { path: '/readyz', port: 'management' },
      { path: '/livez', port: 'management' },
    ]);
    expect((deployment.spec as { minReadySeconds?: number }).minReadySeconds).toBeGreaterThan(0);
  });

  it.each(['shell', 'mfe-marketing', 'mfe-files', 'mfe-account'])(
    "rolls %s out with no moment without a ready pod: the old release serves until the new one is ready (its image carries the earlier releases' chunks)",
    (app) => {
      const deployment = resources.find((r) => r.kind === 'Deployment' && r.metadata.name === app)!;
      expect((deployment.spec as { strategy?: unknown }).strategy).toEqual({ type: 'RollingUpdate', rollingUpdate: { maxSurge: 1, maxUnavailable: 0 } });
      const container = containersOf(deployment)[0] as { readinessProbe?: { httpGet?: { path: string } } };
      expect(container.readinessProbe?.httpGet?.path).toBe('/healthz');
    },
  );

  it('routes the app as one origin: the API and the public keys of access tokens to the gateway, each remote under /remotes/, the rest to the shell', () => {
    expect(routesOf(resources)).toEqual([
      'PathPrefix /api -> gateway',
      'Exact /.well-known/jwks.json -> gateway',
      'PathPrefix /remotes/marketing -> mfe-marketing',
      'PathPrefix /remotes/files -> mfe-files',
      'PathPrefix /remotes/account -> mfe-account',
      'PathPrefix / -> shell',
    ]);
  });

  it("dumps each service's database with that service's own credentials into the backups volume, one at a time, each at its own hour", () => {
    const services = Object.keys(APPS)
      .filter((app) => app.endsWith('-service'))
      .map((app) => app.replace(/-service$/, ''));
    const jobs = resources.filter((r) => r.kind === 'CronJob');
    expect(jobs.map((job) => job.metadata.name).sort()).toEqual(services.map((service) => `backup-${service}-db`).sort());
    const schedules = new Set<string>();
    for (const service of services) {
      const job = jobs.find((r) => r.metadata.name === `backup-${service}-db`)!;
      const spec = job.spec as {
        schedule: string;
        concurrencyPolicy: string;
        jobTemplate: { spec: { template: { spec: { volumes: { name: string; persistentVolumeClaim?: { claimName: string } }[] } } } };
      };
      schedules.add(spec.schedule);
      expect(spec.concurrencyPolicy).toBe('Forbid');
      const [container] = containersOf(job) as { command: string[]; volumeMounts: { name: string; mountPath: string }[] }[];
      const { env, missing } = environmentOf(container as unknown as Record<string, unknown>, [...resources, ...examples]);
      expect(missing).toEqual([]);
      // The same database the service's Deployment is given.
      const deployment = resources.find((r) => r.kind === 'Deployment' && r.metadata.name === `${service}-service`)!;
      expect(env.DATABASE_URL).toBe(environmentOf(containersOf(deployment)[0], [...resources, ...examples]).env.DATABASE_URL);
      expect(container.command.join(' ')).toContain('pg_dump --format=custom');
      const volume = spec.jobTemplate.spec.template.spec.volumes.find((v) => v.name === container.volumeMounts.find((m) => m.mountPath === '/backups')?.name);
      expect(volume?.persistentVolumeClaim?.claimName).toBe('coffer-backups');
    }
    expect(schedules.size).toBe(services.length);
    expect(resources.some((r) => r.kind === 'PersistentVolumeClaim' && r.metadata.name === 'coffer-backups')).toBe(true);
  });

  it('lets in, to the gateway and the front ends, only the namespace of the proxies that route to them', () => {
    const route = resources.find((r) => r.kind === 'HTTPRoute') as { spec: { parentRefs: { namespace: string }[] } } | undefined;
    const proxies = route ? route.spec.parentRefs.map((ref) => ref.namespace) : ['ingress-nginx'];
    for (const name of ['gateway-from-ingress', 'frontends-from-ingress']) {
      const policy = resources.find((r) => r.kind === 'NetworkPolicy' && r.metadata.name === name) as {
        spec: { ingress: { from: { namespaceSelector: { matchLabels: Record<string, string> } }[] }[] };
      };
      expect(policy.spec.ingress.flatMap((rule) => rule.from.map((from) => from.namespaceSelector.matchLabels['kubernetes.io/metadata.name']))).toEqual(
        proxies,
      );
    }
  });
});

/**
 * Where the overlay's Ingress or HTTPRoute sends each path (`path -> Service`),
 * in order; each backend must be a port its Service has.
 */
function routesOf(resources: Resource[]): string[] {
  const ports = (name: string) => {
    const service = resources.find((r) => r.kind === 'Service' && r.metadata.name === name) as
      { spec: { ports: { name?: string; port: number }[] } } | undefined;
    if (!service) throw new Error(`no Service ${name}`);
    return service.spec.ports.flatMap((p) => [p.port, p.name]);
  };
  const routing = resources.filter((r) => r.kind === 'Ingress' || r.kind === 'HTTPRoute');
  expect(routing).toHaveLength(1);
  const [route] = routing;
  if (route.kind === 'Ingress') {
    const rules = (
      route.spec as {
        rules: { http: { paths: { path: string; pathType: string; backend: { service: { name: string; port: { name?: string; number?: number } } } }[] } }[];
      }
    ).rules;
    return rules
      .flatMap((rule) => rule.http.paths)
      .map(({ path: at, pathType, backend: { service } }) => {
        expect(ports(service.name)).toContain(service.port.name ?? service.port.number);
        return `${pathType === 'Prefix' ? 'PathPrefix' : pathType} ${at} -> ${service.name}`;
      });
  }
  const rules = (route.spec as { rules: { matches: { path: { type: string; value: string } }[]; backendRefs: { name: string; port: number }[] }[] }).rules;
  return rules.flatMap((rule) => {
    expect(rule.backendRefs).toHaveLength(1);
    const [backend] = rule.backendRefs;
    expect(ports(backend.name)).toContain(backend.port);
    return rule.matches.map((match) => `${match.path.type} ${match.path.value} -> ${backend.name}`);
  });
}
