// Every production overlay, rendered by the real kustomize (`kubectl
// kustomize`, what `kubectl apply -k` applies): each resource valid against
// the Kubernetes schemas, every Deployment hardened, spread and probed, and each app's
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
import { containersOf, environmentOf, kustomize, podSpecOf, readYaml, type Resource } from './rendered';

const OVERLAYS = fileURLToPath(new URL('../k8s/overlays', import.meta.url));
/** NATS's example: its certificates (a kustomization) and its Helm chart's values. */
const NATS = fileURLToPath(new URL('../k8s/nats', import.meta.url));

/** Each Node app's Deployment and the configuration it checks at start. */
const APPS: Record<string, z.ZodType> = {
  gateway: gatewayConfigSchema,
  'auth-service': authConfigSchema,
  'files-service': filesConfigSchema,
  'sharing-service': sharingConfigSchema,
  'billing-service': billingConfigSchema,
  'notification-service': notificationConfigSchema,
};

/**
 * The namespace of the proxies each kind of edge runs (what the network
 * policies must let in): Envoy Gateway's for the Gateway API default
 * (base/edge.yaml, class eg), the NGINX Ingress Controller's for the Ingress
 * overlay.
 */
type Container = {
  name: string;
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  readinessProbe?: unknown;
  livenessProbe?: unknown;
  securityContext?: { allowPrivilegeEscalation?: boolean; readOnlyRootFilesystem?: boolean; capabilities?: { drop?: string[] } };
};
type Spread = {
  topologyKey: string;
  maxSkew: number;
  whenUnsatisfiable: string;
  labelSelector?: { matchLabels?: Record<string, string> };
  matchLabelKeys?: string[];
};

/** The example's host (overlays/production). */
const APP_HOST = 'coffer.example.com';

const PROXY_NAMESPACES: Record<string, string> = { Gateway: 'envoy-gateway-system', Ingress: 'nginx-ingress' };

/** The Kubernetes model of a resource's apiVersion and kind, which validates it against the API's schema. */
async function validate(resource: Resource) {
  const [group, version] = resource.apiVersion.includes('/') ? resource.apiVersion.split('/') : [undefined, resource.apiVersion];
  // The Gateway API's, the Prometheus Operator's and cert-manager's kinds are CRDs, with their own models.
  const models =
    group === 'gateway.networking.k8s.io'
      ? '@kubernetes-models/gateway-api'
      : group === 'monitoring.coreos.com'
        ? '@kubernetes-models/prometheus-operator'
        : group === 'cert-manager.io'
          ? '@kubernetes-models/cert-manager'
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

/** The NATS users of the example's values (the subjects of the certificates they sign in with). */
function natsUsersOf(values: { config: { merge: { authorization: { users: { user: string }[] } } } }) {
  return values.config.merge.authorization.users.map((u) => u.user);
}

describe("NATS's example (deploy/k8s/nats)", () => {
  const certificates = kustomize(NATS);

  it('renders cert-manager resources valid against their schemas, in the coffer namespace', async () => {
    const invalid: string[] = [];
    for (const r of certificates) await validate(r).catch((err: Error) => invalid.push(`${r.kind} ${r.metadata.name}: ${err.message}`));
    expect(invalid).toEqual([]);
    expect(certificates.filter((r) => r.metadata.namespace !== 'coffer')).toEqual([]);
  });

  it("gives the servers a certificate for the client Service and each server's route address, from Coffer's own NATS CA", () => {
    const server = certificates.find((r) => r.kind === 'Certificate' && r.metadata.name === 'nats-server-tls')!.spec as Record<string, unknown>;
    expect(server.dnsNames).toEqual(expect.arrayContaining(['nats.coffer.svc', '*.nats-headless.coffer.svc.cluster.local']));
    expect(server.issuerRef).toEqual({ kind: 'Issuer', name: 'coffer-nats' });
    const issuer = certificates.find((r) => r.kind === 'Issuer' && r.metadata.name === 'coffer-nats')!.spec as { ca: { secretName: string } };
    const ca = certificates.find((r) => r.kind === 'Certificate' && (r.spec as { secretName: string }).secretName === issuer.ca.secretName)!;
    expect((ca.spec as { isCA: boolean }).isCA).toBe(true);
  });
});

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

  it('puts every resource but the Namespace in the coffer namespace', () => {
    expect(resources.filter((r) => r.kind !== 'Namespace' && r.metadata.namespace !== 'coffer').map((r) => `${r.kind} ${r.metadata.name}`)).toEqual([]);
  });

  it('runs every Deployment with resources, probes, a hardened pod, replicas on at least two nodes and a disruption budget, spread over nodes and zones', () => {
    const deployments = resources.filter((r) => r.kind === 'Deployment');
    expect(deployments).toHaveLength(Object.keys(APPS).length + 4);
    const problems = deployments.flatMap((deployment) => {
      const name = deployment.metadata.name;
      const pod = podSpecOf(deployment)!;
      const labels = (deployment.spec as { template: { metadata: { labels: Record<string, string> } } }).template.metadata.labels;
      const found: string[] = [];
      const expectThat = (ok: unknown, what: string) => ok || found.push(`${name}: ${what}`);
      expectThat(
        labels['app.kubernetes.io/name'] === name && labels['app.kubernetes.io/part-of'] === 'coffer',
        'pods labelled with its name and part-of coffer',
      );
      expectThat(pod.automountServiceAccountToken === false, 'no service account token');
      expectThat(
        pod.securityContext?.runAsNonRoot === true && pod.securityContext?.seccompProfile?.type === 'RuntimeDefault',
        'non-root, RuntimeDefault seccomp',
      );
      for (const c of containersOf(deployment) as unknown as Container[]) {
        expectThat(
          c.resources?.requests?.cpu && c.resources?.requests?.memory && c.resources?.limits?.memory,
          `${c.name}: cpu and memory requests, a memory limit`,
        );
        expectThat(c.readinessProbe && c.livenessProbe, `${c.name}: readiness and liveness probes`);
        expectThat(
          c.securityContext?.allowPrivilegeEscalation === false &&
            c.securityContext?.readOnlyRootFilesystem === true &&
            JSON.stringify(c.securityContext?.capabilities?.drop) === '["ALL"]',
          `${c.name}: no privilege escalation, read-only root filesystem, every capability dropped`,
        );
      }
      // Spread over nodes (a rule) and zones (a preference), each app's pods of one ReplicaSet counted together.
      const spread = (pod.topologySpreadConstraints ?? []) as Spread[];
      const over = (key: string) =>
        spread.find(
          (t) =>
            t.topologyKey === key &&
            t.maxSkew === 1 &&
            t.labelSelector?.matchLabels?.['app.kubernetes.io/part-of'] === 'coffer' &&
            JSON.stringify(t.matchLabelKeys) === '["app.kubernetes.io/name","pod-template-hash"]',
        );
      expectThat(over('kubernetes.io/hostname')?.whenUnsatisfiable === 'DoNotSchedule', 'spread over nodes, as a rule');
      expectThat(over('topology.kubernetes.io/zone')?.whenUnsatisfiable === 'ScheduleAnyway', 'spread over zones, as a preference');
      // At least two replicas (its own count, or its autoscaler's minimum), and at most one taken away at a time.
      const hpa = resources.find(
        (r) => r.kind === 'HorizontalPodAutoscaler' && (r.spec as { scaleTargetRef: { kind: string; name: string } }).scaleTargetRef.name === name,
      );
      const replicas = hpa ? (hpa.spec as { minReplicas: number }).minReplicas : (deployment.spec as { replicas?: number }).replicas;
      expectThat((replicas ?? 1) >= 2, 'at least 2 replicas');
      const pdb = resources.find(
        (r) =>
          r.kind === 'PodDisruptionBudget' &&
          (r.spec as { selector: { matchLabels: Record<string, string> } }).selector.matchLabels['app.kubernetes.io/name'] === name,
      );
      expectThat((pdb?.spec as { maxUnavailable?: number } | undefined)?.maxUnavailable === 1, 'a PodDisruptionBudget of at most 1 unavailable');
      return found;
    });
    expect(problems).toEqual([]);
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

  it.each(Object.keys(APPS))('signs %s in to NATS over TLS as its own NATS user, with its own client certificate mounted where its settings point', (app) => {
    const deployment = resources.find((r) => r.kind === 'Deployment' && r.metadata.name === app)!;
    const container = containersOf(deployment)[0] as { volumeMounts: { name: string; mountPath: string; readOnly?: boolean }[] };
    const { env } = environmentOf(container as unknown as Record<string, unknown>, [...resources, ...examples]);
    expect(env.NATS_URL).toMatch(/^tls:\/\//);
    const files = [env.NATS_TLS_CA_FILE, env.NATS_TLS_CERT_FILE, env.NATS_TLS_KEY_FILE];
    const dir = path.dirname(files[0]);
    expect(files).toEqual([`${dir}/ca.crt`, `${dir}/tls.crt`, `${dir}/tls.key`]);
    const mount = container.volumeMounts.find((m) => m.mountPath === dir)!;
    expect(mount.readOnly).toBe(true);
    const volume = podSpecOf(deployment)!.volumes.find((v: { name: string }) => v.name === mount.name) as { secret: { secretName: string } };
    // The Secret is its own certificate's (cert-manager writes ca.crt, tls.crt and tls.key), whose subject is a NATS user.
    const certificate = kustomize(NATS).find((r) => r.kind === 'Certificate' && (r.spec as { secretName: string }).secretName === volume.secret.secretName);
    expect(certificate?.spec).toMatchObject({ commonName: app, usages: ['client auth'], issuerRef: { name: 'coffer-nats' } });
    expect(natsUsersOf(readYaml(path.join(NATS, 'values.yaml'))[0] as never)).toContain(`CN=${app}`);
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

  if (gatewayOf(resources))
    it("answers plain HTTP on the app's host only with a permanent redirect to HTTPS", () => {
      const { listeners, routesOn } = gatewayOf(resources)!;
      const http = listeners.find((l) => l.protocol === 'HTTP')!;
      expect(http).toMatchObject({ port: 80, hostname: APP_HOST });
      const routes = routesOn(http);
      expect(routes.map((route) => route.spec.hostnames)).toEqual([[APP_HOST]]);
      expect(routes[0].spec.rules).toEqual([{ filters: [{ type: 'RequestRedirect', requestRedirect: { scheme: 'https', statusCode: 301 } }] }]);
    });

  it('lets in, to the gateway and the front ends, only the namespace of the proxies that route to them', () => {
    const edges = resources.filter((r) => r.kind in PROXY_NAMESPACES);
    expect(edges).toHaveLength(1);
    const proxies = [PROXY_NAMESPACES[edges[0].kind]];
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

type Listener = { name: string; protocol: string; port: number; hostname?: string; tls?: { mode: string; certificateRefs: { kind: string; name: string }[] } };
type Route = { spec: { parentRefs: { name: string; sectionName?: string }[]; hostnames?: string[]; rules: HttpRule[] } };
type HttpRule = {
  matches?: { path: { type: string; value: string } }[];
  backendRefs?: { name: string; port: number }[];
  filters?: { type: string; requestRedirect?: { scheme: string; statusCode: number } }[];
};

/** The overlay's Gateway (the default edge) and the HTTPRoutes attached to each of its listeners. */
function gatewayOf(resources: Resource[]) {
  const gateways = resources.filter((r) => r.kind === 'Gateway');
  if (gateways.length !== 1) return undefined;
  const [gateway] = gateways;
  const listeners = (gateway.spec as { listeners: Listener[] }).listeners;
  const routesOn = (listener: Listener) =>
    (resources.filter((r) => r.kind === 'HTTPRoute') as unknown as Route[]).filter((route) =>
      route.spec.parentRefs.some((ref) => ref.name === gateway.metadata.name && ref.sectionName === listener.name),
    );
  return { gateway, listeners, routesOn };
}

/**
 * Where the overlay's edge sends each path (`path -> Service`), in order: the
 * Ingress's rules, or the HTTPRoute on the Gateway's HTTPS listener. Each
 * backend must be a port its Service has, and TLS is terminated with coffer-tls
 * for the app's host.
 */
function routesOf(resources: Resource[]): string[] {
  const ports = (name: string) => {
    const service = resources.find((r) => r.kind === 'Service' && r.metadata.name === name) as
      { spec: { ports: { name?: string; port: number }[] } } | undefined;
    if (!service) throw new Error(`no Service ${name}`);
    return service.spec.ports.flatMap((p) => [p.port, p.name]);
  };
  const ingresses = resources.filter((r) => r.kind === 'Ingress');
  const edge = gatewayOf(resources);
  expect(ingresses.length + (edge ? 1 : 0)).toBe(1);
  if (ingresses.length) {
    const spec = ingresses[0].spec as {
      tls: { hosts: string[]; secretName: string }[];
      rules: {
        host: string;
        http: { paths: { path: string; pathType: string; backend: { service: { name: string; port: { name?: string; number?: number } } } }[] };
      }[];
    };
    expect(spec.tls).toEqual([{ hosts: [APP_HOST], secretName: 'coffer-tls' }]);
    expect(spec.rules.map((rule) => rule.host)).toEqual([APP_HOST]);
    return spec.rules
      .flatMap((rule) => rule.http.paths)
      .map(({ path: at, pathType, backend: { service } }) => {
        expect(ports(service.name)).toContain(service.port.name ?? service.port.number);
        return `${pathType === 'Prefix' ? 'PathPrefix' : pathType} ${at} -> ${service.name}`;
      });
  }
  const https = edge!.listeners.find((l) => l.protocol === 'HTTPS')!;
  expect(https).toMatchObject({ port: 443, hostname: APP_HOST, tls: { mode: 'Terminate', certificateRefs: [{ kind: 'Secret', name: 'coffer-tls' }] } });
  const routes = edge!.routesOn(https);
  expect(routes).toHaveLength(1);
  expect(routes[0].spec.hostnames).toEqual([APP_HOST]);
  return routes[0].spec.rules.flatMap((rule) => {
    expect(rule.backendRefs).toHaveLength(1);
    const [backend] = rule.backendRefs!;
    expect(ports(backend.name)).toContain(backend.port);
    return rule.matches!.map((match) => `${match.path.type} ${match.path.value} -> ${backend.name}`);
  });
}
