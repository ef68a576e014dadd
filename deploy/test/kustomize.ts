// Renders a kustomization the way `kubectl apply -k` does, for the parts of
// kustomize Coffer's manifests use (resources, namespace, configMapGenerator
// with envs and merge, strategic-merge patches by target, including `$patch:
// delete`, JSON patches, images), so the
// manifests are checked in `npm test` without kubectl or a cluster. Anything
// else in a kustomization is refused, so the manifests cannot drift past what
// this checks.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';

export interface Resource {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; [key: string]: unknown };
  /** A ConfigMap from a generator, by the generator's name, until `finish` names it by its content. */
  __generated?: string;
  [key: string]: unknown;
}

interface Kustomization {
  resources?: string[];
  namespace?: string;
  configMapGenerator?: { name: string; envs?: string[]; behavior?: 'create' | 'merge'; options?: { labels?: Record<string, string> } }[];
  patches?: { path: string; target: { kind: string; name: string } }[];
  images?: { name: string; newName?: string; newTag?: string }[];
}

const KNOWN_FIELDS = new Set(['apiVersion', 'kind', 'resources', 'namespace', 'configMapGenerator', 'patches', 'images']);

/** Every YAML document of a file, as objects. */
export function readYaml(file: string): Resource[] {
  return parseAllDocuments(fs.readFileSync(file, 'utf8'))
    .map((doc) => {
      if (doc.errors.length) throw new Error(`${file}: ${doc.errors[0].message}`);
      return doc.toJS() as Resource | null;
    })
    .filter((r): r is Resource => r !== null);
}

/** KEY=value lines; comments on their own lines, as kustomize reads an env file. */
export function readEnvFile(file: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const text = line.trim();
    if (!text || text.startsWith('#')) continue;
    const at = text.indexOf('=');
    if (at < 1) throw new Error(`${file}: not KEY=value: ${text}`);
    env[text.slice(0, at)] = text.slice(at + 1);
  }
  return env;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A strategic merge as kustomize does it for these kinds: objects merged key by key, lists of named items merged by name. */
function merge(base: unknown, patch: unknown): unknown {
  if (isObject(base) && isObject(patch)) {
    const out: Record<string, unknown> = { ...base };
    for (const [key, value] of Object.entries(patch)) out[key] = key in base ? merge(base[key], value) : value;
    return out;
  }
  if (Array.isArray(base) && Array.isArray(patch) && patch.every((p) => isObject(p) && typeof p.name === 'string')) {
    const out = [...base];
    for (const item of patch as Record<string, unknown>[]) {
      const at = out.findIndex((b) => isObject(b) && b.name === item.name);
      if (at >= 0) out[at] = merge(out[at], item);
      else out.push(item);
    }
    return out;
  }
  return patch;
}

interface JsonPatchOp {
  op: 'add' | 'replace' | 'remove';
  path: string;
  value?: unknown;
}

/** A JSON patch (RFC 6902) of add, replace and remove operations, as kustomize applies a patch file that is a list. */
function jsonPatch(resource: Resource, ops: JsonPatchOp[]): Resource {
  const out = JSON.parse(JSON.stringify(resource)) as Resource;
  for (const { op, path: pointer, value } of ops) {
    const keys = pointer
      .split('/')
      .slice(1)
      .map((k) => k.replace(/~1/g, '/').replace(/~0/g, '~'));
    const last = keys.pop()!;
    let parent: any = out; // eslint-disable-line @typescript-eslint/no-explicit-any -- walking any JSON
    for (const key of keys) {
      if (parent?.[key] === undefined) throw new Error(`JSON patch: no ${pointer} in ${resource.kind} ${resource.metadata.name}`);
      parent = parent[key];
    }
    if (op !== 'add' && parent?.[last] === undefined) throw new Error(`JSON patch: no ${pointer} to ${op} in ${resource.kind} ${resource.metadata.name}`);
    if (op === 'remove') Array.isArray(parent) ? parent.splice(Number(last), 1) : delete parent[last];
    else if (Array.isArray(parent) && op === 'add') parent.splice(last === '-' ? parent.length : Number(last), 0, value);
    else parent[last] = value;
  }
  return out;
}

/** The containers (and init containers) of a workload, wherever its pod template is. */
export function containersOf(resource: Resource): Record<string, unknown>[] {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a pod spec of any workload kind
  const spec = resource.spec as Record<string, any> | undefined;
  const pod = resource.kind === 'CronJob' ? spec?.jobTemplate?.spec?.template?.spec : spec?.template?.spec;
  return pod ? [...(pod.initContainers ?? []), ...(pod.containers ?? [])] : [];
}

/** The resources of a kustomization, generated ConfigMaps marked with their generator's name (`finish` names them). */
export function render(dir: string): Resource[] {
  const file = path.join(dir, 'kustomization.yaml');
  const k = readYaml(file)[0] as unknown as Kustomization;
  const unknown = Object.keys(k).filter((key) => !KNOWN_FIELDS.has(key));
  if (unknown.length) throw new Error(`${file}: fields this renderer does not know: ${unknown.join(', ')}`);

  // A base comes in rendered, its generated ConfigMaps not yet named by their content: this overlay may merge into them.
  let resources: Resource[] = (k.resources ?? []).flatMap((entry) => {
    const target = path.join(dir, entry);
    return fs.statSync(target).isDirectory() ? render(target) : readYaml(target);
  });
  for (const generator of k.configMapGenerator ?? []) {
    const data = Object.assign({}, ...(generator.envs ?? []).map((env) => readEnvFile(path.join(dir, env))));
    const existing = resources.find((r) => r.kind === 'ConfigMap' && r.__generated === generator.name);
    if (generator.behavior === 'merge') {
      if (!existing) throw new Error(`${file}: configMapGenerator ${generator.name} merges into nothing`);
      existing.data = { ...(existing.data as Record<string, string>), ...data };
      continue;
    }
    resources.push({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: generator.name, labels: generator.options?.labels },
      data,
      __generated: generator.name,
    });
  }
  for (const patch of k.patches ?? []) {
    const [body] = readYaml(path.join(dir, patch.path)) as unknown[];
    const at = resources.findIndex((r) => r.kind === patch.target.kind && r.metadata.name === patch.target.name);
    if (at < 0) throw new Error(`${file}: patch ${patch.path} targets no ${patch.target.kind} ${patch.target.name}`);
    if (isObject(body) && body.$patch === 'delete') resources.splice(at, 1);
    else resources[at] = Array.isArray(body) ? jsonPatch(resources[at], body as JsonPatchOp[]) : (merge(resources[at], body) as Resource);
  }
  for (const image of k.images ?? []) {
    for (const r of resources) {
      for (const c of containersOf(r)) {
        if (c.image === image.name || String(c.image).startsWith(`${image.name}:`))
          c.image = `${image.newName ?? image.name}${image.newTag ? `:${image.newTag}` : ''}`;
      }
    }
  }
  if (k.namespace) resources = resources.map((r) => (r.kind === 'Namespace' ? r : { ...r, metadata: { ...r.metadata, namespace: k.namespace } }));
  return resources;
}

/** The final step of `apply -k`: each generated ConfigMap gets its content hash in its name, and every reference follows. */
export function finish(resources: Resource[]): Resource[] {
  const renamed = new Map<string, string>();
  const out = resources.map((r) => {
    const { __generated: generator, ...rest } = r;
    if (!generator) return r;
    const hash = createHash('sha256').update(JSON.stringify(rest.data)).digest('hex').slice(0, 10);
    const name = `${generator}-${hash}`;
    renamed.set(generator, name);
    return { ...rest, metadata: { ...rest.metadata, name } } as Resource;
  });
  for (const r of out) {
    for (const c of containersOf(r)) {
      for (const from of (c.envFrom as { configMapRef?: { name: string } }[] | undefined) ?? []) {
        if (from.configMapRef && renamed.has(from.configMapRef.name)) from.configMapRef.name = renamed.get(from.configMapRef.name)!;
      }
    }
  }
  return out;
}

/** `kubectl kustomize dir`: the resources as applied. */
export function kustomize(dir: string): Resource[] {
  return finish(JSON.parse(JSON.stringify(render(dir))));
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
