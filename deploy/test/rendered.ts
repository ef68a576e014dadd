// The manifests as `kubectl apply -k` applies them: rendered by the real
// kustomize (`kubectl kustomize`), and read the way Kubernetes resolves them
// (a container's environment from its ConfigMaps and Secrets).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { parseAllDocuments } from 'yaml';

export interface Resource {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; [key: string]: unknown };
  [key: string]: unknown;
}

/** Every YAML document of a text, as objects. */
function parseYaml(text: string, from: string): Resource[] {
  return parseAllDocuments(text)
    .map((doc) => {
      if (doc.errors.length) throw new Error(`${from}: ${doc.errors[0].message}`);
      return doc.toJS() as Resource | null;
    })
    .filter((r): r is Resource => r !== null);
}

/** Every YAML document of a file, as objects. */
export function readYaml(file: string): Resource[] {
  return parseYaml(fs.readFileSync(file, 'utf8'), file);
}

/** `kubectl kustomize dir`: the resources `kubectl apply -k dir` applies. */
export function kustomize(dir: string): Resource[] {
  let output: string;
  try {
    output = execFileSync('kubectl', ['kustomize', dir], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (err) {
    const { code, stderr } = err as { code?: string; stderr?: string };
    if (code === 'ENOENT') throw new Error('kubectl is not installed: the manifests are rendered with `kubectl kustomize` (kubectl 1.27 or newer).');
    throw new Error(`kubectl kustomize ${dir} failed: ${stderr}`);
  }
  return parseYaml(output, `kubectl kustomize ${dir}`);
}

/* eslint-disable @typescript-eslint/no-explicit-any -- a pod spec of any workload kind */
/** The pod spec of a workload, wherever its kind keeps it. */
export function podSpecOf(resource: Resource): Record<string, any> | undefined {
  const spec = resource.spec as Record<string, any> | undefined;
  return resource.kind === 'CronJob' ? spec?.jobTemplate?.spec?.template?.spec : spec?.template?.spec;
}
/* eslint-enable @typescript-eslint/no-explicit-any */

/** The containers (and init containers) of a workload. */
export function containersOf(resource: Resource): Record<string, unknown>[] {
  const pod = podSpecOf(resource);
  return pod ? [...(pod.initContainers ?? []), ...(pod.containers ?? [])] : [];
}

type EnvVar = { name: string; value?: string; valueFrom?: { secretKeyRef?: KeyRef; configMapKeyRef?: KeyRef; fieldRef?: unknown } };
type KeyRef = { name: string; key: string; optional?: boolean };
type EnvFrom = { configMapRef?: { name: string }; secretRef?: { name: string } };

/** What a container's environment is once Kubernetes resolved it, and which variables came from optional references. */
export function environmentOf(container: Record<string, unknown>, resources: Resource[]) {
  const find = (kind: string, name: string) => resources.find((r) => r.kind === kind && r.metadata.name === name);
  const dataOf = (kind: string, name: string) => {
    const r = find(kind, name);
    return r ? { ...(r.data as Record<string, string>), ...(r.stringData as Record<string, string>) } : undefined;
  };
  const env: Record<string, string> = {};
  const optional = new Set<string>();
  const missing: string[] = [];
  for (const from of (container.envFrom as EnvFrom[] | undefined) ?? []) {
    const [kind, ref] = from.configMapRef ? ['ConfigMap', from.configMapRef] : ['Secret', from.secretRef!];
    const data = dataOf(kind, ref.name);
    if (!data) missing.push(`${kind} ${ref.name}`);
    Object.assign(env, data);
  }
  for (const v of (container.env as EnvVar[] | undefined) ?? []) {
    if (v.value !== undefined) env[v.name] = v.value;
    const ref = v.valueFrom?.secretKeyRef ?? v.valueFrom?.configMapKeyRef;
    if (!ref) continue;
    const value = dataOf(v.valueFrom?.secretKeyRef ? 'Secret' : 'ConfigMap', ref.name)?.[ref.key];
    if (ref.optional) optional.add(v.name);
    else if (value === undefined) missing.push(`${v.name} (${ref.name}/${ref.key})`);
    if (value !== undefined) env[v.name] = value;
  }
  return { env, optional, missing };
}
