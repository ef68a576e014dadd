import { randomUUID } from 'node:crypto';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { jetstream, jetstreamManager, RetentionPolicy, StorageType } from '@nats-io/jetstream';
import type { LoggerService } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from './database.js';
import { natsConnectionOptions, type NatsSettings } from './nats.js';

/** The stream that keeps, beside NATS, the id of each service's database (the last message per service). */
export const INSTALLATION_STREAM = 'COFFER_INSTALLATION';
const installationSubject = (service: string) => `coffer.installation.${service}`;

/** The setting that lets a service start on an empty or other database although NATS remembers another. */
export const NEW_INSTALLATION_SWITCH = 'COFFER_NEW_INSTALLATION';

/** A service was given a database that is not the one this installation had: it must not start. */
export class InstallationMismatchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InstallationMismatchError';
  }
}

export interface InstallationCheckOptions {
  service: string;
  database: DatabaseHandle<Record<string, unknown>>;
  nats: NatsSettings | string;
  /** COFFER_NEW_INSTALLATION: this database is meant to be new (or another), record it as this installation's. */
  newInstallation: boolean;
  /** Copies of the record NATS keeps (as the events stream). */
  streamReplicas?: number;
  logger: LoggerService;
}

/**
 * Makes sure the database a service opened is the one this installation had. Its id (made with the
 * database) is kept in the database and, per service, in a JetStream stream:
 * - neither has one: a new installation; both get one.
 * - the database has one NATS does not know (NATS lost its data, or an upgrade): recorded again.
 * - NATS knows one the database does not have (its data was lost or it is another database): refuses,
 *   unless COFFER_NEW_INSTALLATION=true says so (then NATS records the new one).
 * Returns the database's id.
 */
export async function checkInstallation(opts: InstallationCheckOptions): Promise<string> {
  const nc = await connect(natsConnectionOptions(opts.nats, `${opts.service}-installation`));
  try {
    const recorded = await recordedId(nc, opts);
    let own = await databaseId(opts.database);
    if (recorded !== undefined && own !== recorded && !opts.newInstallation) {
      throw new InstallationMismatchError(mismatchMessage(opts, own, recorded));
    }
    const known = own;
    if (own === undefined) {
      // Several replicas may start together on a new database: the first row wins, every one reads it.
      await opts.database.db.execute(sql`insert into installation (singleton, id) values (true, ${randomUUID()}) on conflict (singleton) do nothing`);
      own = (await databaseId(opts.database))!;
    }
    if (own !== recorded) {
      const log = { installationId: own, database: opts.database.location };
      if (recorded !== undefined)
        opts.logger.warn(
          {
            msg: `${opts.service}: started as a new installation (${NEW_INSTALLATION_SWITCH}=true): NATS now records this database`,
            replaced: recorded,
            ...log,
          },
          'Installation',
        );
      else if (known !== undefined)
        opts.logger.warn(
          { msg: `${opts.service}: NATS had no record of this database (its data was lost, or it predates the record): recorded again`, ...log },
          'Installation',
        );
      else opts.logger.log({ msg: `${opts.service}: new installation, its database recorded in NATS`, ...log }, 'Installation');
      await jetstream(nc).publish(installationSubject(opts.service), own);
    }
    return own;
  } finally {
    await nc.close();
  }
}

async function databaseId(database: DatabaseHandle<Record<string, unknown>>): Promise<string | undefined> {
  const result = (await database.db.execute(sql`select id from installation where singleton`)) as unknown as { rows: { id: string }[] };
  return result.rows[0]?.id;
}

/** The id NATS records for the service's database, if any (creating the stream the first time). */
async function recordedId(nc: NatsConnection, opts: InstallationCheckOptions): Promise<string | undefined> {
  const jsm = await jetstreamManager(nc);
  const exists = await jsm.streams.info(INSTALLATION_STREAM).then(
    () => true,
    () => false,
  );
  if (!exists) {
    await jsm.streams
      .add({
        name: INSTALLATION_STREAM,
        subjects: [installationSubject('*')],
        storage: StorageType.File,
        retention: RetentionPolicy.Limits,
        max_msgs_per_subject: 1,
        num_replicas: opts.streamReplicas ?? 1,
      })
      // Another service or replica may have made it meanwhile.
      .catch(async (err: unknown) => jsm.streams.info(INSTALLATION_STREAM).catch(() => Promise.reject(err)));
    return undefined;
  }
  const message = await jsm.streams.getMessage(INSTALLATION_STREAM, { last_by_subj: installationSubject(opts.service) });
  return message ? message.string() : undefined;
}

function mismatchMessage(opts: InstallationCheckOptions, own: string | undefined, recorded: string): string {
  const { service } = opts;
  const where = opts.database.location;
  const what =
    own === undefined
      ? `the ${service} service's database (${where}) is empty or new, but this installation's ${service} database was ${recorded} (as recorded in NATS): its data is missing.`
      : `the ${service} service's database (${where}) is ${own}, but this installation's ${service} database was ${recorded} (as recorded in NATS): it is another installation's database.`;
  return (
    `${service} refuses to start: ${what} ` +
    `Restore the ${service} database from a backup into ${where} (or point ${opts.database.kind === 'pglite' ? 'DATA_DIR' : 'DATABASE_URL'} at it) and start again; ` +
    `or, if ${service} is meant to start empty as a new installation, start it once with ${NEW_INSTALLATION_SWITCH}=true.`
  );
}
