import type { FastifyBaseLogger } from 'fastify';
import { CompiledQuery, type Insertable, type Kysely } from 'kysely';
import type { Database } from '../db/tables';
import type { ClicksTable } from '../links/linkTables';
import { CLICK_COLUMNS, decodeBatch, type ClickBatch, type ClickValues } from './clickRows';
import { clickRollups } from './clickRollups.mjs';
import { addLinkRollups } from '../links/linkRollups';

/** Where the click queue's batches go. */
export interface ClickWriter {
  /** Takes a batch; resolves once it is kept (stored, or journaled to be) or logged as lost. */
  write(batch: ClickBatch): Promise<void>;
  /** Resolves when every click taken so far is in the clicks table (or logged as lost). */
  settle(): Promise<void>;
  /** Stores what it was given, then lets go of its resources. */
  close(): Promise<void>;
}

// Rows per INSERT: small enough that one statement never holds the event loop for long, far
// below SQLite's and PostgreSQL's bind limits (19 columns each).
const ROWS_PER_INSERT = 50;

function asRecord(values: ClickValues): Insertable<ClicksTable> {
  return Object.fromEntries(CLICK_COLUMNS.map((column, i) => [column, values[i]])) as Insertable<ClicksTable>;
}

function sameValues(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}

/**
 * Writes clicks through the app's own Kysely connection: PostgreSQL (the client waits
 * asynchronously, the database works in its own process) and in-memory SQLite (which no other
 * thread can open), with the link rollups of the clicks inserted in the same transaction. A click
 * already stored (a batch retried after a lost answer) is skipped and not counted again.
 */
export class KyselyClickWriter implements ClickWriter {
  // The INSERT text of n rows is built once by Kysely (dialect placeholders) and reused with
  // fresh values: building it again for every batch cost as much as the write itself.
  private readonly insertSql = new Map<number, string>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: FastifyBaseLogger,
  ) {}

  async write(batch: ClickBatch): Promise<void> {
    const rows = decodeBatch(batch);
    try {
      // One transaction per batch (one commit, not one per row), in small statements with a
      // turn of the event loop between them: redirects must not wait behind a long write.
      await this.db.transaction().execute(async (trx) => {
        const inserted: ClickValues[] = [];
        for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
          inserted.push(...(await this.insert(trx, rows.slice(i, i + ROWS_PER_INSERT))));
          await new Promise<void>((resolve) => setImmediate(resolve));
        }
        await addLinkRollups(trx, clickRollups(inserted));
      });
    } catch {
      // One bad row (its link deleted meanwhile) must not lose the others: retry one by one.
      for (const single of rows) {
        try {
          await this.db.transaction().execute(async (trx) => {
            await addLinkRollups(trx, clickRollups(await this.insert(trx, [single])));
          });
        } catch (error) {
          this.log.warn({ err: error, click: single[0] }, 'click not stored');
        }
      }
    }
  }

  /** Inserts the rows (skipping ids stored already) and answers those it inserted. */
  private async insert(db: Kysely<Database>, rows: ClickValues[]): Promise<ClickValues[]> {
    const parameters = rows.flat();
    let text = this.insertSql.get(rows.length);
    let result;
    if (text === undefined) {
      const compiled = db
        .insertInto('clicks')
        .values(rows.map(asRecord))
        .onConflict((oc) => oc.column('id').doNothing())
        .returning('id')
        .compile();
      if (sameValues(compiled.parameters, parameters)) {
        text = compiled.sql;
        this.insertSql.set(rows.length, text);
      }
      result = await db.executeQuery(compiled);
    } else {
      result = await db.executeQuery<{ id: string }>(CompiledQuery.raw(text, parameters));
    }
    const ids = new Set(result.rows.map((r) => r.id));
    return ids.size === rows.length ? rows : rows.filter((row) => ids.has(String(row[0])));
  }

  // A write resolves once its rows are stored: there is never anything left to wait for.
  async settle(): Promise<void> {}

  async close(): Promise<void> {}
}
