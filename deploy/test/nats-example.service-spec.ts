// NATS as deploy/k8s/nats sets it up (nats-example.ts): TLS on every client
// connection, and each Coffer app signed in as its own user by its client
// certificate's subject (verify_and_map); each app connects as coffer-config
// tells it to.
import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import { natsConnectionOptions, type NatsSettings } from '@coffer/server-core';
import { exampleClientSubjects, exampleNats } from './nats-example';

const APPS = ['gateway', 'auth-service', 'files-service', 'sharing-service', 'billing-service', 'notification-service'];

describe("NATS as deploy/k8s/nats's example sets it up", () => {
  let example: Awaited<ReturnType<typeof exampleNats>>;
  beforeAll(async () => {
    example = await exampleNats(['someone-else']);
  }, 60_000);
  afterAll(async () => {
    await example?.nats.stop();
  });
  const settingsOf = (subject: string) => example.settingsOf(subject);

  const connectAs = (settings: NatsSettings) =>
    connect({ ...natsConnectionOptions(settings, 'nats-example'), maxReconnectAttempts: 0, reconnect: false, timeout: 5_000 });

  it('issues a client certificate to every app and to nats-box', () => {
    expect(exampleClientSubjects().sort()).toEqual([...APPS, 'nats-box'].sort());
  });

  it.each(APPS)('lets %s in with its own certificate: it answers requests, asks another app, and uses JetStream', async (app) => {
    const nc = await connectAs(settingsOf(app));
    const other = await connectAs(settingsOf(app === 'gateway' ? 'files-service' : 'gateway'));
    try {
      const subject = `nats-example.${app}.echo`;
      other.subscribe(subject, { callback: (_err, msg) => msg.respond(msg.data) });
      await other.flush();
      expect((await nc.request(subject, 'ping', { timeout: 2_000 })).string()).toBe('ping');
      // JetStream's API (the events stream and its consumers) answers it.
      expect((await (await jetstreamManager(nc)).getAccountInfo()).limits).toBeDefined();
    } finally {
      await other.close();
      await nc.close();
    }
  });

  it("refuses a certificate of Coffer's CA whose subject is no user, and a client without a certificate", async () => {
    await expect(connectAs(settingsOf('someone-else'))).rejects.toThrow(/authorization violation/i);
    await expect(connectAs({ NATS_URL: example.nats.url, NATS_TLS_CA_FILE: example.ca })).rejects.toThrow();
    // And the same certificate is let in once its subject is a user (the refusal is the user list's, not the certificate's).
    await expect(connectAs(settingsOf('gateway')).then((nc) => nc.close())).resolves.toBeUndefined();
  });
});
