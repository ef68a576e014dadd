// The monitoring the production overlay ships (deploy/k8s/monitoring): Prometheus scrapes every Node app on the
// port that app really opens for its metrics, and every alert and dashboard query reads only metrics Coffer exports.
import { fileURLToPath } from 'node:url';
import { HttpMetrics, ServiceMetrics } from '@coffer/server-core';
import { containersOf, environmentOf, kustomize, type Resource } from './rendered';

const resources = kustomize(fileURLToPath(new URL('../k8s/overlays/production', import.meta.url)));
const one = (kind: string) => resources.find((r) => r.kind === kind && r.metadata.name.startsWith('coffer'))!;

/** Each Node app's Deployment, and the variable naming the port its metrics are served on. */
const METRICS_PORT_OF: Record<string, string> = {
  gateway: 'GATEWAY_MANAGEMENT_PORT',
  'auth-service': 'MANAGEMENT_PORT',
  'files-service': 'MANAGEMENT_PORT',
  'sharing-service': 'MANAGEMENT_PORT',
  'billing-service': 'MANAGEMENT_PORT',
  'notification-service': 'MANAGEMENT_PORT',
};

/** Every series name a Coffer process exports: the gateway's and a service's metrics, a histogram's three series each. */
async function exportedSeries(): Promise<Set<string>> {
  const names = new Set<string>(['up']);
  for (const metrics of [new HttpMetrics(), new ServiceMetrics('any')]) {
    for (const metric of await metrics.registry.getMetricsAsJSON()) {
      names.add(metric.name);
      if (String(metric.type) === 'histogram') for (const suffix of ['_bucket', '_count', '_sum']) names.add(`${metric.name}${suffix}`);
    }
  }
  return names;
}

/** The metric names a PromQL expression reads (words followed by `{`, `[` or `)`, never functions or labels). */
const metricsIn = (expr: string) =>
  [...expr.replace(/\{[^}]*\}/g, '{}').matchAll(/\b([a-z_]+)\s*(?=[{[)]|\s*[<>=]|$)/gm)].map((m) => m[1]).filter((name) => /^(coffer_|up$)/.test(name));

describe('monitoring in the production overlay', () => {
  it.each(Object.keys(METRICS_PORT_OF))('scrapes %s on the port it serves its metrics on', (app) => {
    const monitor = one('PodMonitor') as Resource & {
      spec: { selector: { matchLabels: Record<string, string> }; podMetricsEndpoints: { port: string; path: string }[] };
    };
    const deployment = resources.find((r) => r.kind === 'Deployment' && r.metadata.name === app)!;
    const podLabels = (deployment.spec as { template: { metadata: { labels: Record<string, string> } } }).template.metadata.labels;
    expect(podLabels).toMatchObject(monitor.spec.selector.matchLabels);
    const [endpoint] = monitor.spec.podMetricsEndpoints;
    expect(endpoint.path).toBe('/metrics');
    const container = containersOf(deployment)[0] as { ports: { name: string; containerPort: number }[] };
    const port = container.ports.find((p) => p.name === endpoint.port);
    const { env } = environmentOf(containersOf(deployment)[0], resources);
    expect(port?.containerPort).toBeDefined();
    expect(String(port!.containerPort)).toBe(env[METRICS_PORT_OF[app]]);
    // And Prometheus's namespace may reach that port.
    const policy = resources.find((r) => r.kind === 'NetworkPolicy' && r.metadata.name === 'coffer-metrics-from-prometheus')!;
    const spec = policy.spec as { podSelector: { matchLabels: Record<string, string> }; ingress: { ports: { port: string }[] }[] };
    expect(podLabels).toMatchObject(spec.podSelector.matchLabels);
    expect(spec.ingress.flatMap((i) => i.ports.map((p) => p.port))).toContain(endpoint.port);
  });

  it('alerts on the error rate, the event consumers’ lag, dead-lettered events and readiness, from metrics Coffer exports', async () => {
    const rules = (one('PrometheusRule').spec as { groups: { rules: { alert: string; expr: string; annotations: { summary: string } }[] }[] }).groups.flatMap(
      (g) => g.rules,
    );
    const reads = Object.fromEntries(rules.map((r) => [r.alert, metricsIn(r.expr)]));
    expect(reads).toMatchObject({
      CofferGatewayErrorRate: expect.arrayContaining(['coffer_http_request_seconds_count']),
      CofferServiceErrorRate: expect.arrayContaining(['coffer_rpc_seconds_count']),
      CofferEventConsumerLag: ['coffer_events_pending'],
      CofferEventsDeadLettered: ['coffer_events_dead_lettered_total'],
      CofferNotReady: expect.arrayContaining(['coffer_ready']),
    });
    const exported = await exportedSeries();
    expect(rules.flatMap((r) => metricsIn(r.expr)).filter((name) => !exported.has(name))).toEqual([]);
    for (const rule of rules) expect(rule.annotations.summary).toBeTruthy();
  });

  it('ships a Grafana dashboard whose every query reads metrics Coffer exports', async () => {
    const config = resources.find((r) => r.kind === 'ConfigMap' && r.metadata.name === 'coffer-grafana-dashboard')!;
    expect(config.metadata.labels).toMatchObject({ grafana_dashboard: '1' });
    const dashboard = JSON.parse((config.data as Record<string, string>)['coffer.json']) as {
      uid: string;
      title: string;
      panels: { title: string; targets: { expr: string }[] }[];
    };
    expect(dashboard).toMatchObject({ uid: 'coffer-overview', title: 'Coffer' });
    const queries = dashboard.panels.flatMap((p) => p.targets.map((t) => t.expr));
    const read = new Set(queries.flatMap(metricsIn));
    expect([...read].filter((name) => !(name.startsWith('coffer_') || name === 'up'))).toEqual([]);
    const exported = await exportedSeries();
    expect([...read].filter((name) => !exported.has(name))).toEqual([]);
    // The four things the alerts watch are on it too.
    expect([...read]).toEqual(
      expect.arrayContaining([
        'coffer_http_request_seconds_count',
        'coffer_rpc_seconds_count',
        'coffer_events_pending',
        'coffer_events_dead_lettered_total',
        'coffer_ready',
      ]),
    );
  });
});
