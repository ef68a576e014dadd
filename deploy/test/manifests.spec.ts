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
  const module = await import(`kubernetes-models/${group ? `${group}/` : ''}${version}/${resource.kind}`);
  new module[resource.kind](resource).validate();
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
  // The Secrets the cluster must hold, as the overlay's example shows them (never part of the kustomization).
  const examples = fs.existsSync(path.join(dir, 'secrets.example.yaml')) ? readYaml(path.join(dir, 'secrets.example.yaml')) : [];

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
    const container = containersOf(deployment)[0] as { ports?: { name: string; containerPort: number }[] } & Record<string, { httpGet?: { path: string; port: string } }>;
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

  it('sends the gateway every path it serves: the API and the public keys of access tokens', () => {
    const ingress = resources.find((r) => r.kind === 'Ingress')!;
    const rules = (ingress.spec as { rules: { http: { paths: { path: string; backend: { service: { name: string } } }[] } }[] }).rules;
    const toGateway = rules.flatMap((rule) => rule.http.paths).filter((p) => p.backend.service.name === 'gateway').map((p) => p.path);
    expect(toGateway).toEqual(expect.arrayContaining(['/api', '/.well-known/jwks.json']));
  });
});
