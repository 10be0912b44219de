// The participant's side of a collection: their fragments (play_fragments, moved by conditional
// updates) and their summary (the fragments and open transfers as one row, participantSummary.ts),
// which the collection's actions read under the entry lock and keep in their transaction.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/tables';
import type { PlayCampaign } from '../playCampaign';
import type { ActionInput } from '../playSteps';
import { summaryStore, type ReadSummary, type SummaryOwner } from '../participantSummary';
import './collectTables';

type Db = Kysely<Database> | Transaction<Database>;

/** A participant's fragments: count per kind. */
export async function inventoryOf(db: Db, campaignId: string, participantId: string) {
  const rows = await db
    .selectFrom('play_fragments')
    .select(['fragment_id', 'count'])
    .where('campaign_id', '=', campaignId)
    .where('participant_id', '=', participantId)
    .execute();
  return Object.fromEntries(rows.map((r) => [r.fragment_id, r.count])) as Record<string, number>;
}

/** How many open gifts and requests the page lists (the newest). */
const OPEN_SHOWN = 20;

/** An open gift or request the participant made. */
export interface OpenTransfer {
  id: string;
  kind: string;
  fragmentId: string;
  at: string;
}

/**
 * A participant's summary in a collection: their fragments (count per kind, as play_fragments
 * holds them) and their open gifts and requests, newest first (the page's 20).
 */
export interface CollectSummary {
  inventory: Record<string, number>;
  open: OpenTransfer[];
}

/** Newest first; the same time: the greater id first. */
const newestFirst = (a: OpenTransfer, b: OpenTransfer) =>
  a.at === b.at ? (a.id < b.id ? 1 : a.id > b.id ? -1 : 0) : a.at < b.at ? 1 : -1;

/**
 * The collection summaries (participantSummary.ts): kept by the participant's own actions; a
 * friend's claim of their gift or answer to their request marks it stale.
 */
export const collectSummaries = summaryStore<CollectSummary>(
  'play_collect_summaries',
  async (db, { campaignId, participantId }) => {
    const open = await db
      .selectFrom('play_fragment_transfers')
      .select(['id', 'kind', 'fragment_id', 'created_at'])
      .where('campaign_id', '=', campaignId)
      .where('state', '=', 'open')
      .where((eb) =>
        eb.or([eb('from_participant_id', '=', participantId), eb('to_participant_id', '=', participantId)]),
      )
      .execute();
    return {
      inventory: await inventoryOf(db, campaignId, participantId),
      open: open
        .map((t) => ({ id: t.id, kind: t.kind, fragmentId: t.fragment_id, at: t.created_at }))
        .sort(newestFirst)
        .slice(0, OPEN_SHOWN),
    };
  },
);

export const ownerOf = (campaign: PlayCampaign, participantId: string): SummaryOwner => ({
  campaignId: campaign.row.id,
  projectId: campaign.row.project_id,
  participantId,
});

/** The acting participant's summary, read under their entry lock. */
export const readMine = (trx: Db, input: ActionInput) =>
  collectSummaries.read(trx, ownerOf(input.campaign, input.participant.id));

/**
 * Stores the acting participant's summary as the action leaves it: `change` applied to what was
 * read (fragments added or taken, a transfer opened). Answers it for the action's outcome.
 */
export async function keepMine(
  trx: Db,
  input: ActionInput,
  mine: ReadSummary<CollectSummary>,
  change: { fragments?: Record<string, number>; opened?: OpenTransfer },
): Promise<CollectSummary> {
  const inventory = { ...mine.summary.inventory };
  for (const [fragmentId, n] of Object.entries(change.fragments ?? {}))
    inventory[fragmentId] = (inventory[fragmentId] ?? 0) + n;
  const open = change.opened
    ? [change.opened, ...mine.summary.open].sort(newestFirst).slice(0, OPEN_SHOWN)
    : mine.summary.open;
  const summary = { inventory, open };
  await collectSummaries.write(trx, ownerOf(input.campaign, input.participant.id), mine.version, summary);
  return summary;
}

/** Adds fragments of a kind (made on first sight); `drawn` counts the ones a draw gave. */
export async function addFragments(
  trx: Transaction<Database>,
  campaign: PlayCampaign,
  participantId: string,
  fragmentId: string,
  n: number,
  drawn: number,
) {
  await trx
    .insertInto('play_fragments')
    .values({
      campaign_id: campaign.row.id,
      participant_id: participantId,
      fragment_id: fragmentId,
      project_id: campaign.row.project_id,
      count: n,
      drawn,
    })
    .onConflict((oc) =>
      oc.columns(['campaign_id', 'participant_id', 'fragment_id']).doUpdateSet((eb) => ({
        count: eb('play_fragments.count', '+', n),
        drawn: eb('play_fragments.drawn', '+', drawn),
      })),
    )
    .execute();
}

/** Takes fragments of a kind if held (a conditional decrement); answers whether it did. */
export async function takeFragments(
  trx: Transaction<Database>,
  campaignId: string,
  participantId: string,
  fragmentId: string,
  n: number,
) {
  const result = await trx
    .updateTable('play_fragments')
    .set((eb) => ({ count: eb('count', '-', n) }))
    .where('campaign_id', '=', campaignId)
    .where('participant_id', '=', participantId)
    .where('fragment_id', '=', fragmentId)
    .where('count', '>=', n)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
