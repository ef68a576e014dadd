// A NATS server set up as deploy/k8s/nats's example sets NATS up: the values'
// client TLS settings and authorization block, as the chart writes them into
// nats.conf (only the files' paths are this machine's), with certificates of
// the subjects certificates.yaml issues (and any others asked for).
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { NatsSettings } from '@coffer/server-core';
import { privateNats, testCertificates } from '@coffer/server-core/testing';
import { kustomize, readYaml } from './rendered';

const NATS = fileURLToPath(new URL('../k8s/nats', import.meta.url));

type Values = { config: { nats: { tls: { merge: Record<string, unknown> } }; merge: Record<string, unknown> } };

/** The subjects of certificates.yaml's client certificates: one per app, and the operators' nats-box. */
export function exampleClientSubjects(): string[] {
  return kustomize(NATS)
    .map((r) => r.spec as { commonName?: string; usages?: string[] })
    .filter((spec) => spec.commonName && spec.usages?.includes('client auth'))
    .map((spec) => spec.commonName!);
}

/** Starts the server; `settingsOf(subject)` is what coffer-config gives an app: the tls:// URL, the CA, its certificate and key. */
export async function exampleNats(extraSubjects: string[] = []) {
  const values = readYaml(path.join(NATS, 'values.yaml'))[0] as unknown as Values;
  const tls = await testCertificates(await mkdtemp(path.join(tmpdir(), 'coffer-nats-example-')), [...exampleClientSubjects(), ...extraSubjects]);
  const server = { ...values.config.nats.tls.merge, cert_file: tls.serverCert, key_file: tls.serverKey, ca_file: tls.ca };
  const config = [`tls: ${JSON.stringify(server)}`, ...Object.entries(values.config.merge).map(([key, value]) => `${key}: ${JSON.stringify(value)}`)];
  const nats = await privateNats({ scheme: 'tls', config: config.join('\n') });
  const settingsOf = (subject: string): NatsSettings => ({
    NATS_URL: nats.url,
    NATS_TLS_CA_FILE: tls.ca,
    NATS_TLS_CERT_FILE: tls.clients[subject].cert,
    NATS_TLS_KEY_FILE: tls.clients[subject].key,
  });
  return { nats, ca: tls.ca, settingsOf };
}
