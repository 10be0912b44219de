// An Idempotency-Key held while the request that sent it runs, so a second request with the key
// is answered 409 at once instead of waiting for the first. Two non-blocking locks, neither
// written anywhere: the server's own list of the keys it runs (from the start of the action to
// its answer; a SQLite database has one server), and on PostgreSQL a transaction-scoped advisory
// lock taken first in the action's transaction, which every server sharing the database sees.
// The database drops that lock at the commit or rollback, or when the connection of a server
// that stopped mid-request closes: a key is never left held.
import { createHash } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/tables';
import { AppError } from '../errors';
import type { ActionInput } from './mechanicModule';

/** The keys each server (each database handle) runs now. */
const RUNNING = new WeakMap<Kysely<Database>, Set<string>>();

/** A key this server runs: `acrossServers` in the action's transaction, `release` when answered. */
export interface HeldKey {
  acrossServers(trx: Transaction<Database>): Promise<void>;
  release(): void;
}

/** Holds the request's key on this server, or answers 409 `play.idempotencyKeyInFlight`. */
export function holdKey(db: Kysely<Database>, input: ActionInput): HeldKey {
  const name = keyName(input.campaign.row.id, input.participant.id, input.key);
  const running = runningOn(db);
  if (running.has(name)) throw new AppError('play.idempotencyKeyInFlight');
  running.add(name);
  return {
    acrossServers: (trx) => (input.dbKind === 'postgres' ? lockAcrossServers(trx, name) : Promise.resolve()),
    release: () => running.delete(name),
  };
}

/** One key of one participant in one campaign. */
export function keyName(campaignId: string, participantId: string, key: string): string {
  return `${campaignId}\n${participantId}\n${key}`;
}

function runningOn(db: Kysely<Database>): Set<string> {
  let running = RUNNING.get(db);
  if (!running) RUNNING.set(db, (running = new Set()));
  return running;
}

/** The advisory lock's two 32-bit keys (a key space apart from the migration lock's one key). */
export function advisoryKeys(name: string): [number, number] {
  const digest = createHash('sha256').update(name).digest();
  return [digest.readInt32BE(0), digest.readInt32BE(4)];
}

/** PostgreSQL: 409 when another server's transaction holds the key's advisory lock. */
async function lockAcrossServers(trx: Transaction<Database>, name: string): Promise<void> {
  const [high, low] = advisoryKeys(name);
  const tried = sql<{ held: boolean }>`select pg_try_advisory_xact_lock(${high}, ${low}) as held`;
  const { rows } = await tried.execute(trx);
  if (rows[0]?.held !== true) throw new AppError('play.idempotencyKeyInFlight');
}
