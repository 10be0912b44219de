import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/tables';
import { randomId } from '../../db/randomId';
import { AppError } from '../../errors';
import { safeUrl } from '../../participant/renderParticipantPage';
import {
  askedPick,
  decidePredict,
  pickTotals,
  type PickDecision,
  type PredictRules,
} from '../../../engine/play/predict';
import { playDay } from '../../../engine/play/playDay';
import { entryReason, list, reasonError, type Config, type PlayCampaign } from '../playCampaign';
import {
  actionRow,
  entryAfter,
  insertAction,
  saveEntry,
  type ActionInput,
  type ActionOutcome,
  type EntryRow,
  refuse,
} from '../playSteps';
import type { ParticipantRow } from '../playTables';
import { summaryStore, type ReadSummary, type SummaryOwner } from '../participantSummary';
import './predictTables';

type Db = Kysely<Database> | Transaction<Database>;

/** A prediction campaign's rules as the server reads them from its config. */
export interface PredictConfig extends PredictRules {
  matches: { id: string; title: unknown; options: { id: string; label: unknown; image: unknown }[] }[];
}

/** The rules of a prediction from its config (`endTime`: the campaign's end, when no draw time). */
export function predictConfig(config: Config, endTime: string): PredictConfig {
  const drawTime = typeof config.drawTime === 'string' ? Date.parse(config.drawTime) : Number.NaN;
  return {
    mode: config.mode === 'voting' ? 'voting' : 'prediction',
    method: config.settlement === 'each' ? 'each' : 'draw',
    closesAtMs: Number.isFinite(drawTime) ? drawTime : Date.parse(endTime),
    matches: list(config.matches).map((m) => ({
      id: String(m.id),
      title: m.title,
      options: list(m.options).map((o) => ({ id: String(o.id), label: o.label, image: o.image })),
    })),
  };
}

export const rulesOf = (campaign: PlayCampaign) => predictConfig(campaign.config, campaign.row.end_time);

/** `campaign.game.predict` of the page: the matches and options in the page language. */
export function predictGameView(campaign: PlayCampaign, inLang: (value: unknown) => string) {
  const rules = rulesOf(campaign);
  return {
    mode: rules.mode,
    closesAt: new Date(rules.closesAtMs).toISOString(),
    matches: rules.matches.map((m) => ({
      id: m.id,
      title: inLang(m.title),
      options: m.options.map((o) => ({ id: o.id, label: inLang(o.label), image: safeUrl(o.image) ?? null })),
    })),
  };
}

export async function predictResults(db: Db, campaignId: string): Promise<Record<string, string>> {
  const rows = await db
    .selectFrom('play_predict_results')
    .select(['match_id', 'option_id'])
    .where('campaign_id', '=', campaignId)
    .execute();
  return Object.fromEntries(rows.map((r) => [r.match_id, r.option_id]));
}

/** Picks per option of every match (all options present). */
export async function predictTotals(
  db: Db,
  campaignId: string,
  rules: PredictConfig,
  matchIds?: readonly string[],
): Promise<Record<string, Record<string, number>>> {
  let query = db
    .selectFrom('play_predict_totals')
    .select(['match_id', 'option_id', 'picks'])
    .where('campaign_id', '=', campaignId);
  if (matchIds) query = query.where('match_id', 'in', matchIds.length > 0 ? [...matchIds] : ['']);
  const rows = await query.execute();
  const totals: Record<string, Record<string, number>> = {};
  for (const match of rules.matches) {
    if (matchIds && !matchIds.includes(match.id)) continue;
    totals[match.id] = pickTotals(
      match.options.map((o) => o.id),
      rows
        .filter((r) => r.match_id === match.id)
        .map((r) => ({ optionId: r.option_id, picks: Number(r.picks) })),
    );
  }
  return totals;
}

export async function isSettled(db: Db, campaignId: string): Promise<boolean> {
  const row = await db
    .selectFrom('play_predict_settlements')
    .select('campaign_id')
    .where('campaign_id', '=', campaignId)
    .executeTakeFirst();
  return row !== undefined;
}

/** A participant's summary in a prediction: their picks (match id → option id). */
export interface PredictSummary {
  picks: Record<string, string>;
}

/** The predict summaries (participantSummary.ts): the picks, written only by `predict`. */
export const predictSummaries = summaryStore<PredictSummary>(
  'play_predict_summaries',
  async (db, { campaignId, participantId }) => {
    const rows = await db
      .selectFrom('play_predict_picks')
      .select(['match_id', 'option_id'])
      .where('campaign_id', '=', campaignId)
      .where('participant_id', '=', participantId)
      .orderBy('created_at')
      .orderBy('match_id')
      .execute();
    return { picks: Object.fromEntries(rows.map((r) => [r.match_id, r.option_id])) };
  },
);

const ownerOf = (campaign: PlayCampaign, participant: ParticipantRow): SummaryOwner => ({
  campaignId: campaign.row.id,
  projectId: campaign.row.project_id,
  participantId: participant.id,
});

/**
 * `me.progress` of a prediction campaign: the participant's picks, the results entered so far,
 * pick totals (voting: always, so the page shows live totals; prediction: of the matches with a
 * result, so totals do not steer picks), whether it is settled and whether picks are open.
 */
export async function predictProgress(
  db: Db,
  campaign: PlayCampaign,
  participant: ParticipantRow | undefined,
  now: Date,
  /** The participant's summary an action just left; read (and rebuilt when missing) otherwise. */
  summary?: PredictSummary,
) {
  const rules = rulesOf(campaign);
  const mine =
    summary ??
    (participant ? await predictSummaries.load(db, ownerOf(campaign, participant)) : { picks: {} });
  const results = await predictResults(db, campaign.row.id);
  const settled = await isSettled(db, campaign.row.id);
  const decided = Object.keys(results);
  const totals =
    rules.mode === 'voting'
      ? await predictTotals(db, campaign.row.id, rules)
      : decided.length > 0
        ? await predictTotals(db, campaign.row.id, rules, decided)
        : null;
  return {
    picks: { ...mine.picks },
    results,
    totals,
    settled,
    open: !settled && now.getTime() < rules.closesAtMs,
  };
}

/** Whether the pick's match has its result and whether the campaign is settled. */
async function pickState(trx: Db, campaignId: string, matchId: string) {
  const decided = await trx
    .selectFrom('play_predict_results')
    .select('match_id')
    .where('campaign_id', '=', campaignId)
    .where('match_id', '=', matchId)
    .executeTakeFirst();
  const settled = await isSettled(trx, campaignId);
  return { decided: decided !== undefined, settled };
}

/**
 * `predict`: one pick for one match, final: `{ matchId, optionId }` of the configured matches
 * (`askedPick`; anything else 400 `play.badPick`), then who may act; then it reads the pick's
 * state once (the match's result, the settlement, the participant's pick of that match), decides
 * (engine/play/predict.ts, `decidePredict`: refused once picks have closed, or when the
 * participant already picked that match) and writes the decision: the pick, its option's total,
 * the entry's action count and the action. Costs no chance. Voting answers the match's live totals.
 */
export async function predict(
  trx: Transaction<Database>,
  input: ActionInput,
  entry: EntryRow,
): Promise<ActionOutcome> {
  const { campaign, participant, now } = input;
  const rules = rulesOf(campaign);
  const pick = askedPick(rules, input.body);
  if (!pick) throw new AppError('play.badPick');
  const reason = entryReason(campaign, participant, now, false);
  if (reason) throw new AppError(reasonError(reason));
  const state = await pickState(trx, campaign.row.id, pick.matchId);
  // The participant's picks, from their summary: the entry lock serialises their actions, so the
  // check cannot race their insert; the unique key stands behind it.
  const mine = await predictSummaries.read(trx, ownerOf(campaign, participant));
  const taken = Object.hasOwn(mine.summary.picks, pick.matchId);
  const decision = decidePredict({ rules, pick, nowMs: now.getTime(), ...state, taken });
  refuse(decision, 'play');
  return writePick(trx, input, entry, rules, decision, mine);
}

/** Writes a decided pick: the pick, its option's total, the entry's counters and the action. */
async function writePick(
  trx: Transaction<Database>,
  input: ActionInput,
  entry: EntryRow,
  rules: PredictConfig,
  decision: Extract<PickDecision, { refusal: null }>,
  mine: ReadSummary<PredictSummary>,
): Promise<ActionOutcome> {
  const { campaign, participant, now } = input;
  const campaignId = campaign.row.id;
  const { matchId, optionId } = decision.pick;
  await trx
    .insertInto('play_predict_picks')
    .values({
      id: randomId(),
      project_id: campaign.row.project_id,
      campaign_id: campaignId,
      participant_id: participant.id,
      match_id: matchId,
      option_id: optionId,
      created_at: now.toISOString(),
    })
    .execute();
  await trx
    .insertInto('play_predict_totals')
    .values({
      campaign_id: campaignId,
      match_id: matchId,
      option_id: optionId,
      project_id: campaign.row.project_id,
      picks: 1,
    })
    .onConflict((oc) =>
      oc
        .columns(['campaign_id', 'match_id', 'option_id'])
        .doUpdateSet({ picks: sql`play_predict_totals.picks + 1` }),
    )
    .execute();
  const after = entryAfter(entry, null, false);
  await saveEntry(trx, input, after);
  const totals = decision.answersTotals
    ? (await predictTotals(trx, campaignId, rules, [matchId]))[matchId]
    : null;
  const result = { matchId, optionId, totals };
  await insertAction(
    trx,
    actionRow(
      input,
      { result: JSON.stringify(result), outcome: 'pick' },
      playDay(now.getTime(), campaign.timezone),
      entry,
    ),
  );
  const summary: PredictSummary = { picks: { ...mine.summary.picks, [matchId]: optionId } };
  await predictSummaries.write(trx, ownerOf(campaign, participant), mine.version, summary);
  return { result, replayed: false, deliveries: 0, entry: after, summary };
}
