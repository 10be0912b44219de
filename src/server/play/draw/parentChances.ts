// A daily lottery or daily blind box bound to a campaign (`boundCampaignId`, the row's `parent_id`)
// may spend its participants' chances in that campaign (`chanceSource: parent`) and may admit
// only that campaign's participants (`parentParticipantsOnly`). The draw locks the participant's
// entry in the parent before their own and spends the parent's chance in the same transaction.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/tables';
import type { SchemaEngine } from '../../../engine/createSchemaEngine';
import { mechanicOf } from '../../../engine/play/mechanics';
import { loadCampaignRow, playCampaign, type PlayCampaign } from '../playCampaign';
import type { ChanceSpend } from '../../../engine/play/chances';
import type { DrawSituation } from '../../../engine/play/draw';
import { playDay } from '../../../engine/play/playDay';
import {
  countersOf,
  ensureEntry,
  entryAfter,
  saveEntryCounters,
  type ActionInput,
  type EntryRow,
} from '../playSteps';

type Db = Kysely<Database> | Transaction<Database>;

/** What a draw of a sub-activity takes from its bound campaign. */
export interface ParentLink {
  /** Draws spend the parent's chances (`chanceSource: parent`). */
  spendsParent: boolean;
  /** Only participants with an entry in the parent may draw (`parentParticipantsOnly`). */
  parentOnly: boolean;
  /** The bound campaign (null: gone, or it has no chances to spend). */
  parent: PlayCampaign | null;
  /** The participant's entry in the parent, locked (null: they never joined it). */
  entry: EntryRow | null;
}

/** What a campaign takes from its bound campaign; null when it takes nothing (no query needed). */
export function parentRules(campaign: PlayCampaign): Pick<ParentLink, 'spendsParent' | 'parentOnly'> | null {
  if (campaign.row.kind !== 'sub-activity' || campaign.mechanic !== 'draw') return null;
  const spendsParent = campaign.config.chanceSource === 'parent';
  const parentOnly = campaign.config.parentParticipantsOnly === true;
  return spendsParent || parentOnly ? { spendsParent, parentOnly } : null;
}

/** The bound campaign of a sub-activity, read for play (same project only). */
async function boundCampaign(
  db: Db,
  schemas: SchemaEngine | undefined,
  campaign: PlayCampaign,
): Promise<PlayCampaign | null> {
  const bound = campaign.config.boundCampaignId;
  const id = campaign.row.parent_id ?? (typeof bound === 'string' && bound ? bound : null);
  if (!id || !schemas) return null;
  const row = await loadCampaignRow(db as Kysely<Database>, id);
  return row && row.project_id === campaign.row.project_id ? playCampaign(schemas, row) : null;
}

const hasChances = (campaign: PlayCampaign) => mechanicOf(campaign.mechanic ?? '')?.usesChances === true;

/**
 * The campaign whose chances a campaign's draws spend and its page shows: its own, or for
 * `chanceSource: parent` the bound campaign (null when that is gone or has no chances).
 */
export async function chanceCampaignOf(
  db: Db,
  schemas: SchemaEngine | undefined,
  campaign: PlayCampaign,
): Promise<PlayCampaign | null> {
  if (!parentRules(campaign)?.spendsParent) return campaign;
  const parent = await boundCampaign(db, schemas, campaign);
  return parent && hasChances(parent) ? parent : null;
}

/**
 * For a draw of a sub-activity that takes from its bound campaign: locks the participant's entry
 * in the parent, by the same `UPDATE ... RETURNING` as every action there (so the parent's own draws
 * and these run one at a time per participant on any number of servers). It runs before the
 * sub-activity's own entry is locked: every transaction holding both takes the parent's first, so
 * two never wait on each other in a circle. The entry is made on first sight, unless only the
 * parent's participants may draw. Null for every other campaign and action, without a query.
 */
export async function lockParentEntry(
  trx: Transaction<Database>,
  input: ActionInput,
): Promise<ParentLink | null> {
  const rules = input.action === 'draw' ? parentRules(input.campaign) : null;
  if (!rules) return null;
  const parent = await boundCampaign(trx, input.schemas, input.campaign);
  if (!parent) return { ...rules, parent: null, entry: null };
  // Locks without touching the parent's own counters or last action time.
  const lock = () =>
    trx
      .updateTable('play_entries')
      .set({ last_action_at: sql`last_action_at` })
      .where('campaign_id', '=', parent.row.id)
      .where('participant_id', '=', input.participant.id)
      .returningAll()
      .executeTakeFirst();
  let entry = await lock();
  if (!entry && !rules.parentOnly) {
    await ensureEntry(trx, parent, input.participant, input.now);
    entry = await lock();
  }
  return { ...rules, parent, entry: entry ?? null };
}

/**
 * What the draw's decision reads of the bound campaign (engine/play/draw.ts, `parent`): the
 * participant's chances there, spent exactly as the parent's own draw would (its daily free ones
 * of its local day first, then its pool).
 */
export function parentSituation(link: ParentLink, now: Date): NonNullable<DrawSituation['parent']> {
  const { parent, entry } = link;
  return {
    spendsParent: link.spendsParent,
    parentOnly: link.parentOnly,
    joined: entry !== null,
    chances:
      parent && entry && hasChances(parent)
        ? {
            rules: parent.chances,
            counters: countersOf(entry),
            today: playDay(now.getTime(), parent.timezone),
          }
        : null,
  };
}

/** Writes the parent entry's chance counters after a draw that spent one of its chances. */
export async function spendParentChance(
  trx: Transaction<Database>,
  input: ActionInput,
  link: ParentLink,
  spend: ChanceSpend,
): Promise<void> {
  if (!link.spendsParent || !link.parent || !link.entry) return;
  const after = entryAfter(link.entry, spend, false);
  await saveEntryCounters(trx, {
    dailyPeriod: after.daily_period,
    dailyUsed: after.daily_used,
    poolUsed: after.pool_used,
    // The draw is the sub-activity's action: the parent's action and win counts stay.
    actions: link.entry.actions,
    wins: link.entry.wins,
    campaignId: link.parent.row.id,
    participantId: input.participant.id,
  });
}
