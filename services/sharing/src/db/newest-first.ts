import { and, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '@coffer/server-core';

/** A page of a list: at most `limit` rows, after the cursor `after` (the `next` of the page before). */
export interface PageRequest {
  limit: number;
  after?: string;
}
export interface Page<Row> {
  rows: Row[];
  /** The cursor of the next page; null on the last. */
  next: string | null;
  /** How many rows the whole list holds. */
  total: number;
}

/**
 * One page of a list newest first (ties by id), and how many the list holds. A page starts after its
 * cursor, the last row's time (in microseconds, as stored) and id, compared as one row: read from an
 * index on (…, time desc nulls last, id desc nulls last), and still right when that row was deleted since.
 */
export async function newestFirst<T extends PgTable>(
  db: Database,
  table: T,
  columns: { time: PgColumn; id: PgColumn },
  where: SQL | undefined,
  { limit, after }: PageRequest,
): Promise<Page<T['$inferSelect']>> {
  const { time, id } = columns;
  const position = sql<string>`(extract(epoch from ${time}) * 1000000)::bigint::text`;
  const [micros, lastId] = after?.split('.') ?? [];
  const start = after ? sql`(${time}, ${id}) < (timestamptz 'epoch' + ${micros}::bigint * interval '1 microsecond', ${lastId}::uuid)` : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ row: table as PgTable, position })
      .from(table as PgTable)
      .where(and(where, start))
      // NULLS LAST as the indexes are made (the columns hold no nulls): plain DESC means NULLS FIRST, which no index here serves.
      .orderBy(sql`${time} desc nulls last`, sql`${id} desc nulls last`)
      .limit(limit + 1) as unknown as Promise<{ row: T['$inferSelect']; position: string }[]>,
    db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(table as PgTable)
      .where(where),
  ]);
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return { rows: shown.map((r) => r.row), next: rows.length > limit && last ? `${last.position}.${(last.row as { id: string }).id}` : null, total };
}
