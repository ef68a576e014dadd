import { Inject } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { transaction, type Database } from './database.js';
import { DATABASE } from './tokens.js';

/**
 * What every repository starts from: the service's database, and transactions
 * whose `tx` any repository method of the service accepts.
 */
export abstract class Repository {
  constructor(@Inject(DATABASE) protected readonly db: Database) {}

  /** Runs `work` in one transaction of this service's database. */
  transaction<T>(work: (tx: Database) => Promise<T>): Promise<T> {
    return transaction(this.db, work);
  }

  /**
   * Runs `work` in one transaction only if no other replica is running work of
   * the same name (a transaction-scoped advisory lock): scheduled jobs run once
   * per cluster. Resolves to undefined when another replica holds it.
   */
  exclusively<T>(lockName: string, work: (tx: Database) => Promise<T>): Promise<T | undefined> {
    return this.transaction(async (tx) => {
      const result = (await tx.execute(sql`select pg_try_advisory_xact_lock(hashtext(${lockName})) as locked`)) as unknown as { rows: { locked: boolean }[] };
      return result.rows[0]?.locked ? work(tx) : undefined;
    });
  }
}
