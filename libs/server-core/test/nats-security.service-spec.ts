import { randomUUID } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Controller, Logger, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MessagePattern, Payload, Transport, type MicroserviceOptions } from '@nestjs/microservices';
import { connect } from '@nats-io/transport-node';
import { createAccount, createOperator, createUser } from '@nats-io/nkeys';
import { encodeAccount, encodeOperator, encodeUser, fmtCreds } from '@nats-io/jwt';
import { z } from 'zod';
import {
  baseConfigSchema,
  EventBus,
  loadConfig,
  natsConnectionOptions,
  openDatabase,
  ServiceRequester,
  serviceConfigSchema,
  type NatsSettings,
} from '../src/index.js';
import { eventually, freshDatabase, privateNats, testCertificates } from '../src/testing.js';

const logger = new Logger('nats-security-test');

@Controller()
class EchoController {
  @MessagePattern('nats-security.echo')
  echo(@Payload() data: { n: number }) {
    return { n: data.n + 1 };
  }
}
@Module({ controllers: [EchoController] })
class EchoModule {}

/** An operator with a system account and Coffer's account (JetStream allowed), and a user of Coffer's account as a .creds file. */
async function accounts(dir: string) {
  const operator = createOperator();
  const system = createAccount();
  const coffer = createAccount();
  const user = createUser();
  // No limit on connections, subscriptions or data, and JetStream allowed (the account's limits replace the defaults as a whole).
  const limits = {
    conn: -1,
    leaf: -1,
    subs: -1,
    data: -1,
    payload: -1,
    imports: -1,
    exports: -1,
    wildcards: true,
    mem_storage: -1,
    disk_storage: -1,
    streams: -1,
    consumer: -1,
  };
  const userJwt = await encodeUser('coffer-service', user, coffer);
  const creds = join(dir, 'coffer.creds');
  await writeFile(creds, fmtCreds(userJwt, user));
  const config = [
    `operator: ${await encodeOperator('coffer-test', operator, { system_account: system.getPublicKey() })}`,
    `system_account: ${system.getPublicKey()}`,
    'resolver: MEMORY',
    'resolver_preload: {',
    `  ${system.getPublicKey()}: ${await encodeAccount('SYS', system, {}, { signer: operator })}`,
    `  ${coffer.getPublicKey()}: ${await encodeAccount('coffer', coffer, { limits }, { signer: operator })}`,
    '}',
  ].join('\n');
  return { creds, config };
}

describe('NATS secured by TLS (servers and clients verified) and signed-in users', () => {
  let nats: Awaited<ReturnType<typeof privateNats>>;
  let settings: NatsSettings;

  beforeAll(async () => {
    const dir = await mkdtemp(join(tmpdir(), 'coffer-nats-security-'));
    const tls = await testCertificates(dir, ['client']);
    const { creds, config } = await accounts(dir);
    nats = await privateNats({
      scheme: 'tls',
      config: `${config}\ntls {\n  cert_file: "${tls.serverCert}"\n  key_file: "${tls.serverKey}"\n  ca_file: "${tls.ca}"\n  verify: true\n}\n`,
    });
    settings = {
      NATS_URL: nats.url,
      NATS_TLS_CA_FILE: tls.ca,
      NATS_TLS_CERT_FILE: tls.clients.client.cert,
      NATS_TLS_KEY_FILE: tls.clients.client.key,
      NATS_CREDS_FILE: creds,
    };
  }, 60_000);
  afterAll(async () => {
    await nats.stop();
  });

  it('refuses a client without the CA, without a client certificate or without credentials, and lets one with all three in', async () => {
    const attempt = async (s: NatsSettings) => {
      const nc = await connect({ ...natsConnectionOptions(s, 'attempt'), maxReconnectAttempts: 0, reconnect: false, timeout: 5_000 });
      await nc.close();
      return 'connected';
    };
    const { NATS_TLS_CA_FILE, NATS_TLS_CERT_FILE, NATS_TLS_KEY_FILE, NATS_CREDS_FILE } = settings;
    // The server's certificate is not trusted without the CA.
    await expect(attempt({ NATS_URL: settings.NATS_URL, NATS_TLS_CERT_FILE, NATS_TLS_KEY_FILE, NATS_CREDS_FILE })).rejects.toThrow(/certificate/i);
    // The server asks for a client certificate and closes the connection without one.
    await expect(attempt({ NATS_URL: settings.NATS_URL, NATS_TLS_CA_FILE, NATS_CREDS_FILE })).rejects.toThrow();
    // Operator mode: no user JWT, no entry.
    await expect(attempt({ ...settings, NATS_CREDS_FILE: undefined })).rejects.toThrow(/authorization violation/i);
    await expect(attempt(settings)).resolves.toBe('connected');
  });

  it('refuses at start, naming the setting, a client certificate without its key (every app, whatever it adds to the settings)', () => {
    for (const schema of [baseConfigSchema, serviceConfigSchema, serviceConfigSchema.extend({ APP_SETTING: z.string().default('app') })]) {
      expect(() => loadConfig(schema, { NATS_URL: settings.NATS_URL, NATS_TLS_CERT_FILE: settings.NATS_TLS_CERT_FILE })).toThrow(
        /NATS_TLS_KEY_FILE: set both NATS_TLS_CERT_FILE and NATS_TLS_KEY_FILE \(mutual TLS\) or neither/,
      );
      expect(
        loadConfig(schema, { NATS_URL: settings.NATS_URL, NATS_TLS_CERT_FILE: settings.NATS_TLS_CERT_FILE, NATS_TLS_KEY_FILE: settings.NATS_TLS_KEY_FILE }),
      ).toMatchObject({ NATS_TLS_KEY_FILE: settings.NATS_TLS_KEY_FILE });
    }
  });

  it('carries requests and durable events for a process given the settings', async () => {
    const target = await freshDatabase('pglite');
    const database = await openDatabase({ service: 'nats-security-test', schema: {}, dataDir: target.DATA_DIR });
    const consumer = await EventBus.connect<Record<string, { n: number }>>({ nats: settings, consumer: `c${randomUUID().slice(0, 8)}`, logger });
    const publisher = await EventBus.connect<Record<string, { n: number }>>({ nats: settings, consumer: 'publisher', logger });
    const requester = ServiceRequester.connect(settings, 'nats-security-requester', 2_000);
    try {
      const type = `events.test.${randomUUID().slice(0, 8)}.secured`;
      const seen: number[] = [];
      consumer.on(type, async (e) => {
        seen.push(e.payload.n);
      });
      await consumer.start(database.db);
      await publisher.publish(type, { accountId: 'acct', actorId: 'user', payload: { n: 1 } });
      await eventually(async () => seen.includes(1));

      // A request over the secured connection reaches a Nest microservice listening with the same settings, as every service does.
      const responder = await NestFactory.createMicroservice<MicroserviceOptions>(EchoModule, {
        transport: Transport.NATS,
        options: { ...natsConnectionOptions(settings, 'echo'), queue: 'echo' },
        logger: false,
      });
      await responder.listen();
      try {
        await expect(requester.request('nats-security.echo' as never, { n: 41 } as never)).resolves.toEqual({ n: 42 });
      } finally {
        await responder.close();
      }
    } finally {
      await requester.close();
      await publisher.close();
      await consumer.close();
      await database.close();
    }
  }, 60_000);
});
