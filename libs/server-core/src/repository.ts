import { Inject } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import type { Database } from './database.js';
import { DATABASE } from './tokens.js';
import { ambientTransaction, UnitOfWork } from './unit-of-work.js';

/**
 * What every repository starts from: the service's database, read through the
 * ambient unit of work (`UnitOfWork.run`): inside one, every method uses its
 * transaction; outside, each statement runs on its own.
 */
export abstract class Repository {
  /** For the few methods whose statements must run together: joins the open unit of work, or opens one. */
  protected readonly unit: UnitOfWork;

  constructor(@Inject(DATABASE) private readonly database: Database) {
    this.unit = new UnitOfWork(database);
  }

  /** The open unit of work's transaction, or else the service's database (a single statement). */
  protected get db(): Database {
    return ambientTransaction(this.database) ?? this.database;
  }

  /**
   * Runs `work` in one unit of work (joining the open one) only if no other
   * replica is running work of the same name (a transaction-scoped advisory
   * lock): scheduled jobs run once per cluster. Resolves to undefined when
   * another replica holds it.
   */
  exclusively<T>(lockName: string, work: () => Promise<T>): Promise<T | undefined> {
    return this.unit.run(async () => {
      const result = (await this.db.execute(sql`select pg_try_advisory_xact_lock(hashtext(${lockName})) as locked`)) as unknown as {
        rows: { locked: boolean }[];
      };
      return result.rows[0]?.locked ? work() : undefined;
    });
  }
}
