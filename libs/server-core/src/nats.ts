import { readFileSync } from 'node:fs';
import { credsAuthenticator, type NodeConnectionOptions } from '@nats-io/transport-node';
import type { BaseConfig } from './config.js';

/** How a process reaches NATS: the URL, and the TLS files and credentials a secured cluster asks for. */
export type NatsSettings = Pick<BaseConfig, 'NATS_URL' | 'NATS_TLS_CA_FILE' | 'NATS_TLS_CERT_FILE' | 'NATS_TLS_KEY_FILE' | 'NATS_CREDS_FILE'>;

/**
 * The connection options of every NATS client in Coffer (requests, events,
 * realtime): reconnect for as long as NATS is away (the library's default
 * gives up after 10 tries and leaves the process deaf), verify the server
 * against NATS_TLS_CA_FILE, present a client certificate when the cluster
 * asks for one, and sign in with a .creds file (read again on each reconnect,
 * so rotated credentials are picked up). A bare string is a URL alone (tests).
 */
export function natsConnectionOptions(nats: NatsSettings | string, name: string): NodeConnectionOptions {
  const settings: NatsSettings = typeof nats === 'string' ? { NATS_URL: nats } : nats;
  const tls =
    settings.NATS_TLS_CA_FILE || settings.NATS_TLS_CERT_FILE
      ? { caFile: settings.NATS_TLS_CA_FILE, certFile: settings.NATS_TLS_CERT_FILE, keyFile: settings.NATS_TLS_KEY_FILE }
      : undefined;
  const credsFile = settings.NATS_CREDS_FILE;
  return {
    servers: settings.NATS_URL.split(','),
    name,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 1000,
    ...(tls ? { tls } : {}),
    ...(credsFile ? { authenticator: credsAuthenticator(() => readFileSync(credsFile)) } : {}),
  };
}
