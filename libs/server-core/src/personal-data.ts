import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './database.js';

/** A table that holds something of a person, and how a row of it is known to be theirs. */
export type PersonalDataTable = [name: string, table: PgTable, theirs: SQL];

/** Deletes every row of the person in `tables`. */
export async function erasePersonalData(tx: Database, tables: PersonalDataTable[]): Promise<void> {
  for (const [, table, theirs] of tables) await tx.delete(table).where(theirs);
}

/** How many rows of each table still hold something of the person (all zero once erased): the deletion proof. */
export async function countPersonalData(db: Database, tables: PersonalDataTable[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const [name, table, theirs] of tables) {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(table)
      .where(theirs);
    counts[name] = row?.n ?? 0;
  }
  return counts;
}
