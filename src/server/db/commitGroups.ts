// Group commit: units of work (a player's action each) that arrive together share one database
// transaction and one commit, each unit in a savepoint of its own, so a unit that fails undoes its
// own writes only. On SQLite a commit is the costly part of a small write (the WAL frames of every
// page touched, and now and then a checkpoint); units of one group touch many of the same pages
// (the stock row, the tables' last index pages), so a group writes them once.
//
// A unit is answered only after the group's commit: its result resolves, or its own error rejects,
// once its writes are durable as the database's settings make them. When the commit itself fails
// every unit of the group fails with that error (none of them was written).
//
// Groups form by themselves: a unit arriving while no group runs starts one after a single turn of
// the event loop (the requests read in that turn join it; light traffic waits no longer); units
// arriving while a group runs wait for it and then run together as the next group. PostgreSQL runs each unit in its own transaction: its connections run units
// side by side, and its WAL writer already flushes commits that arrive together in one write.
import type { ControlledTransaction, Kysely, Transaction } from 'kysely';
import type { Database, DbKind } from './tables';

/** A unit of work: what it does in its transaction (a savepoint of the group's, on SQLite). */
export type GroupWork<T> = (trx: Transaction<Database>) => Promise<T>;

/** Runs units of work with group commit (SQLite) or one transaction each (PostgreSQL). */
export interface CommitGroups {
  run<T>(work: GroupWork<T>): Promise<T>;
}

/** The most units one group runs (the rest wait for the next one). */
export const GROUP_LIMIT = 64;

interface Waiting {
  work: GroupWork<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

type Settled = { ok: true; value: unknown } | { ok: false; error: unknown };

const GROUPS = new WeakMap<Kysely<Database>, CommitGroups>();

/** The commit groups of a database handle (one queue per handle, shared by its requests). */
export function commitGroups(db: Kysely<Database>, kind: DbKind): CommitGroups {
  let groups = GROUPS.get(db);
  if (!groups) {
    groups = kind === 'sqlite' ? sqliteGroups(db) : { run: (work) => db.transaction().execute(work) };
    GROUPS.set(db, groups);
  }
  return groups;
}

function sqliteGroups(db: Kysely<Database>): CommitGroups {
  const queue: Waiting[] = [];
  let draining = false;
  const drain = async () => {
    try {
      while (queue.length > 0) {
        // One turn of the event loop first: requests read in the same turn reach here too.
        await new Promise((next) => setImmediate(next));
        await runGroup(db, queue.splice(0, GROUP_LIMIT));
      }
    } finally {
      draining = false;
    }
  };
  return {
    run<T>(work: GroupWork<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
        if (!draining) {
          draining = true;
          void drain();
        }
      });
    },
  };
}

/** One group: its units in savepoints of one transaction, then the commit, then the answers. */
async function runGroup(db: Kysely<Database>, group: Waiting[]): Promise<void> {
  let settled: Settled[];
  try {
    settled = await inOneTransaction(db, group);
  } catch (error) {
    for (const unit of group) unit.reject(error);
    return;
  }
  group.forEach((unit, i) => {
    const outcome = settled[i];
    if (outcome.ok) unit.resolve(outcome.value);
    else unit.reject(outcome.error);
  });
}

/**
 * Runs the units and commits; throws (after rolling back) when the transaction cannot go on: its
 * begin or commit failed, or a failed unit's savepoint could not be rolled back.
 */
async function inOneTransaction(db: Kysely<Database>, group: Waiting[]): Promise<Settled[]> {
  const trx = await db.startTransaction().execute();
  try {
    const settled: Settled[] = [];
    // A group of one needs no savepoint: its failure rolls the transaction back.
    if (group.length === 1) {
      settled.push(await settle(group[0].work, trx));
      if (!settled[0].ok) {
        await trx.rollback().execute();
        return settled;
      }
    } else {
      for (const unit of group) settled.push(await inSavepoint(trx, unit.work));
    }
    await trx.commit().execute();
    return settled;
  } catch (error) {
    await trx
      .rollback()
      .execute()
      .catch(() => undefined);
    throw error;
  }
}

async function settle(work: GroupWork<unknown>, trx: Transaction<Database>): Promise<Settled> {
  try {
    return { ok: true, value: await work(trx) };
  } catch (error) {
    return { ok: false, error };
  }
}

/** A unit in its savepoint: released when it succeeds, rolled back when it fails. */
async function inSavepoint(trx: ControlledTransaction<Database>, work: GroupWork<unknown>): Promise<Settled> {
  const point = await trx.savepoint('unit').execute();
  const outcome = await settle(work, point);
  if (!outcome.ok) await point.rollbackToSavepoint('unit').execute();
  await point.releaseSavepoint('unit').execute();
  return outcome;
}
