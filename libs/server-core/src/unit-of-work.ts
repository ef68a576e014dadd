import { AsyncLocalStorage } from 'node:async_hooks';
import { Inject, Injectable } from '@nestjs/common';
import type { Database } from './database.js';
import { DATABASE } from './tokens.js';

/** One open unit of work: the transaction of one service's database, and what runs once it committed. */
interface Unit {
  database: Database;
  tx: Database;
  /** Runs once the transaction committed (the event bus relays what was recorded in it); keyed so each runs once. */
  afterCommit: Map<unknown, () => void>;
  /** False once the transaction ended: work that outlived it (started inside, not awaited) no longer sees it. */
  open: boolean;
}

const ambient = new AsyncLocalStorage<Unit>();

function openUnit(database: Database): Unit | undefined {
  const unit = ambient.getStore();
  return unit?.open && unit.database === database ? unit : undefined;
}

/**
 * Runs `work` in one transaction of `database`, the ambient unit of work every
 * repository of that database reads. Inside an open unit of the same database,
 * `work` joins it (it commits, or rolls back, with the outer one). Once the
 * outermost one committed, what was asked to run after the commit runs.
 */
export async function inUnitOfWork<T>(database: Database, work: () => Promise<T>): Promise<T> {
  if (openUnit(database)) return work();
  const afterCommit = new Map<unknown, () => void>();
  let unit: Unit | undefined;
  try {
    const result = await database.transaction((tx) => {
      unit = { database, tx: tx as unknown as Database, afterCommit, open: true };
      return ambient.run(unit, work);
    });
    for (const run of afterCommit.values()) run();
    return result;
  } finally {
    if (unit) unit.open = false;
  }
}

/** The transaction of the open unit of work of `database`, if one is open here. */
export function ambientTransaction(database: Database): Database | undefined {
  return openUnit(database)?.tx;
}

/**
 * The transaction of whichever unit of work is open here, and a way to run
 * something once it committed (`key`: once per unit); throws outside one.
 */
export function currentUnitOfWork(what: string): { tx: Database; afterCommit(key: unknown, run: () => void): void } {
  const unit = ambient.getStore();
  if (!unit?.open) throw new Error(`${what} must run inside a unit of work (UnitOfWork.run), so it commits with the change it belongs to`);
  return {
    tx: unit.tx,
    afterCommit: (key, run) => {
      if (!unit.afterCommit.has(key)) unit.afterCommit.set(key, run);
    },
  };
}

/**
 * The one way a service opens a transaction: `run(work)` runs `work` in one
 * unit of work of the service's database; every repository called inside it
 * (however deep) uses its transaction, events recorded in it are relayed to
 * JetStream right after it committed, and a `run` inside another joins it.
 */
@Injectable()
export class UnitOfWork {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  run<T>(work: () => Promise<T>): Promise<T> {
    return inUnitOfWork(this.database, work);
  }
}
