import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { list } from '../playCampaign';
import './collectTables';

/** A fragment collection's report section: the fragment inventory, exchanges and transfers. */
export interface CollectReport {
  fragments: { id: string; name: string; odds: number; drawn: number; held: number; collectors: number }[];
  exchanges: { prizeId: string; name: string; exchanged: number }[];
  transfers: { kind: string; open: number; done: number }[];
}

export async function collectReport(
  db: Kysely<Database>,
  campaignId: string,
  config: Record<string, unknown>,
  inLang: (value: unknown) => string,
): Promise<CollectReport> {
  const held = await db
    .selectFrom('play_fragments')
    .select(['fragment_id'])
    .select((eb) => [
      eb.fn.sum<number>('drawn').as('drawn'),
      eb.fn.sum<number>('count').as('held'),
      eb.fn.countAll<number>().as('collectors'),
    ])
    .where('campaign_id', '=', campaignId)
    .groupBy('fragment_id')
    .execute();
  const byFragment = new Map(held.map((r) => [r.fragment_id, r]));
  const exchanged = await db
    .selectFrom('reward_records')
    .select(['prize_id'])
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('campaign_id', '=', campaignId)
    .where('method', '=', 'exchange')
    .groupBy('prize_id')
    .execute();
  const byPrize = new Map(exchanged.map((r) => [r.prize_id, Number(r.n)]));
  const transfers = await db
    .selectFrom('play_fragment_transfers')
    .select(['kind', 'state'])
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('campaign_id', '=', campaignId)
    .groupBy(['kind', 'state'])
    .execute();
  const count = (kind: string, state: string) =>
    Number(transfers.find((t) => t.kind === kind && t.state === state)?.n ?? 0);
  return {
    fragments: list(config.fragments).map((f) => {
      const row = byFragment.get(String(f.id));
      return {
        id: String(f.id),
        name: inLang(f.name),
        odds: typeof f.odds === 'number' ? f.odds : 0,
        drawn: Number(row?.drawn ?? 0),
        held: Number(row?.held ?? 0),
        collectors: Number(row?.collectors ?? 0),
      };
    }),
    exchanges: list(config.prizes)
      .filter((p) => p.isThank !== true)
      .map((p) => ({
        prizeId: String(p.id),
        name: inLang(p.name),
        exchanged: byPrize.get(String(p.id)) ?? 0,
      })),
    transfers: ['gift', 'ask'].map((kind) => ({
      kind,
      open: count(kind, 'open'),
      done: count(kind, 'done'),
    })),
  };
}
