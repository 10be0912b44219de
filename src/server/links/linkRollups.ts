import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/tables';
import { chunks, placeholderRows, runBatchWrite } from '../sdk/batchStatement';
import {
  ROLLUP_COLUMNS,
  SLOT_MS,
  addToRollup,
  addToTotals,
  clickSource,
  sortedRollups,
  type RollupValues,
} from '../redirect/clickRollups.mjs';

const COUNT_COLUMNS = ['clicks', 'bots', 'installs', 'opens', 'registrations'] as const;

/**
 * Adds rollup rows (in key order, see clickRollups.mjs) to the link rollups, in the caller's
 * transaction: multi-row upserts whose counts add to the rows already there.
 */
export async function addLinkRollups(trx: Kysely<Database>, rows: readonly RollupValues[]): Promise<void> {
  for (const part of chunks(rows))
    await runBatchWrite(trx, 'linkRollups', part as unknown[][], (q, n) =>
      q
        .insertInto('link_rollups')
        .values(placeholderRows(ROLLUP_COLUMNS, n) as never)
        .onConflict((oc) =>
          oc
            .columns(['link_id', 'dim', 'slot', 'dim_value'])
            .doUpdateSet(
              Object.fromEntries(
                COUNT_COLUMNS.map((c) => [
                  c,
                  sql`${sql.ref(`link_rollups.${c}`)} + ${sql.ref(`excluded.${c}`)}`,
                ]),
              ) as never,
            ),
        ),
    );
}

/** Where an attributed event counts: its link, time, platform, channel and the click it came from. */
export interface AttributedEventRollup {
  linkRowId: string;
  type: 'install' | 'open' | 'register';
  createdAt: string;
  platform: string;
  channel: string | null;
  /** The `params` (JSON text) of the click it was attributed to. */
  clickParams: string | null;
}

const COLUMN_OF = { install: 6, open: 7, register: 8 } as const;

/** The rollup rows of a matched attribution: its slot, its link's total, platform, channel and source. */
export function attributionRollups(event: AttributedEventRollup): RollupValues[] {
  const sums = new Map<string, RollupValues>();
  const slot = Math.floor(Date.parse(event.createdAt) / SLOT_MS);
  const column = COLUMN_OF[event.type];
  const link = event.linkRowId;
  addToTotals(sums, link, slot, column);
  addToRollup(sums, link, 'platform', slot, event.platform, column);
  addToRollup(sums, link, 'channel', slot, event.channel ?? 'direct', column);
  addToRollup(sums, link, 'source', slot, clickSource(event.clickParams), column);
  return sortedRollups(sums);
}
