import { randomInt } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/tables';
import { AppError } from '../../errors';
import type { DrawPrize } from '../../../engine/play/draw';
import { decideSettlement, settleBlocker, settlePrizes, type PickSet } from '../../../engine/play/predict';
import { playDay } from '../../../engine/play/playDay';
import { drawPrizeOf, type Config, type PlayCampaign } from '../playCampaign';
import { actionRow, insertAction, type ActionInput, type EntryRow } from '../playSteps';
import { awardPrize, limitsWins, participantDrawState, prizeAnswer } from '../prizeSteps';
import { isSettled, predictResults, rulesOf } from './predictActions';
import './predictTables';

/** The action name and idempotency key of a settlement's reward: one per participant and campaign. */
export const SETTLE_KEY = 'predict-settle';

export interface SettleOutcome {
  /** False: an earlier settlement stands and nothing changed. */
  settled: boolean;
  winners: number;
  qualified: number;
  deliveries: number;
}

const CHUNK = 500;

/**
 * Settles a prediction or voting campaign once: the settlement row's primary key is taken first
 * (`ON CONFLICT DO NOTHING`), so of two settlements at once, on one server or several, one gives
 * the prizes and the other finds it done and changes nothing. In the same transaction the
 * qualifiers (every result picked right; voting: every voter) are put in the award order
 * (`settlement`: `each` earliest first, `draw` at random; engine/play/predict.ts,
 * `decideSettlement`) and each is given the first prize, in config order, that their limits
 * (`settlePrizes`), its stock and the budget allow, through the draw's own conditional writes;
 * a reward record and an action row (key `predict-settle`, unique per participant) record each
 * win. The audit keeps the results, the order and who settled.
 */
export async function settlePredict(
  db: Kysely<Database>,
  campaign: PlayCampaign,
  options: SettleOptions,
): Promise<SettleOutcome> {
  return db.transaction().execute((trx) => settlePredictIn(trx, campaign, options));
}

interface SettleOptions {
  now: Date;
  by: string | null;
  dbKind: 'sqlite' | 'postgres';
}

/** settlePredict inside a transaction the caller holds (the scheduler's job transaction). */
export async function settlePredictIn(
  trx: Transaction<Database>,
  campaign: PlayCampaign,
  options: SettleOptions,
): Promise<SettleOutcome> {
  const rules = rulesOf(campaign);
  const results = await claimSettlement(trx, campaign, rules, options);
  if (!results) return { settled: false, winners: 0, qualified: 0, deliveries: 0 };
  const sets = await pickSets(trx, campaign.row.id);
  const { qualified, order } = decideSettlement(
    { rules, matchIds: rules.matches.map((m) => m.id), results, sets },
    (n) => randomInt(n),
  );
  const { awarded, deliveries } = await awardInOrder(trx, campaign, order, options);
  await trx
    .updateTable('play_predict_settlements')
    .set({
      qualified: qualified.length,
      winners: awarded.length,
      audit: JSON.stringify({ mode: rules.mode, method: rules.method, results, order, awarded }),
    })
    .where('campaign_id', '=', campaign.row.id)
    .execute();
  return { settled: true, winners: awarded.length, qualified: qualified.length, deliveries };
}

/**
 * Takes the campaign's settlement row once the results allow it (every result set; a prediction's
 * picks closed), answering the results; null when an earlier settlement stands.
 */
async function claimSettlement(
  trx: Transaction<Database>,
  campaign: PlayCampaign,
  rules: ReturnType<typeof rulesOf>,
  options: SettleOptions,
) {
  const { now } = options;
  const campaignId = campaign.row.id;
  if (await isSettled(trx, campaignId)) return null;
  const results = await predictResults(trx, campaignId);
  const blocker = settleBlocker(
    rules.mode,
    rules.matches.map((m) => m.id),
    results,
    now.getTime(),
    rules.closesAtMs,
  );
  if (blocker === 'resultsMissing') throw new AppError('predict.resultsMissing');
  if (blocker === 'tooEarly')
    throw new AppError('predict.tooEarly', { params: { time: new Date(rules.closesAtMs).toISOString() } });
  const taken = await trx
    .insertInto('play_predict_settlements')
    .values({
      campaign_id: campaignId,
      project_id: campaign.row.project_id,
      settled_at: now.toISOString(),
      settled_by: options.by,
      audit: '{}',
      qualified: 0,
      winners: 0,
    })
    .onConflict((oc) => oc.column('campaign_id').doNothing())
    .executeTakeFirst();
  return Number(taken.numInsertedOrUpdatedRows ?? 0) === 1 ? results : null;
}

/** Each participant's picks, with the time of their last pick. */
async function pickSets(trx: Transaction<Database>, campaignId: string) {
  const picks = await trx
    .selectFrom('play_predict_picks')
    .select(['participant_id', 'match_id', 'option_id', 'created_at'])
    .where('campaign_id', '=', campaignId)
    .execute();
  const sets = new Map<string, PickSet & { picks: Record<string, string> }>();
  for (const pick of picks) {
    const set = sets.get(pick.participant_id) ?? {
      participantId: pick.participant_id,
      picks: {},
      lastPickAt: '',
    };
    set.picks[pick.match_id] = pick.option_id;
    if (pick.created_at > set.lastPickAt) set.lastPickAt = pick.created_at;
    sets.set(pick.participant_id, set);
  }
  return [...sets.values()];
}

type Awarded = { participantId: string; prizeId: string; rewardId: string };

/**
 * Gives the qualifiers, in award order and in chunks, the first prize each may have, until every
 * regular prize is exhausted (out of stock, its codes gone or over budget stay so for this
 * settlement).
 */
async function awardInOrder(
  trx: Transaction<Database>,
  campaign: PlayCampaign,
  order: readonly string[],
  options: SettleOptions,
) {
  const campaignId = campaign.row.id;
  const regular = campaign.prizes.filter((p) => p.isThank !== true);
  const prizes = { configs: new Map(regular.map((p) => [String(p.id), p])), rules: regular.map(drawPrizeOf) };
  const exhausted = new Set<string>();
  const awarded: Awarded[] = [];
  let deliveries = 0;
  for (let i = 0; i < order.length && exhausted.size < regular.length; i += CHUNK) {
    const ids = order.slice(i, i + CHUNK);
    const people = new Map(
      (await trx.selectFrom('participants').selectAll().where('id', 'in', ids).execute()).map((p) => [
        p.id,
        p,
      ]),
    );
    const entries = new Map(
      (
        await trx
          .selectFrom('play_entries')
          .selectAll()
          .where('campaign_id', '=', campaignId)
          .where('participant_id', 'in', ids)
          .execute()
      ).map((e) => [e.participant_id, e]),
    );
    for (const participantId of ids) {
      if (exhausted.size >= regular.length) break;
      const participant = people.get(participantId);
      const entry = entries.get(participantId);
      if (!participant || !entry) continue;
      const input: ActionInput = {
        campaign,
        participant,
        action: 'settle',
        key: SETTLE_KEY,
        body: {},
        now: options.now,
        dbKind: options.dbKind,
      };
      const won = await giveFirstPrize(trx, input, entry, prizes, exhausted);
      if (!won) continue;
      deliveries += won.deliveries;
      awarded.push({ participantId, prizeId: won.prizeId, rewardId: won.rewardId });
    }
  }
  return { awarded, deliveries };
}

/**
 * The first regular prize, in config order, that the participant's limits (read here, decided by
 * `settlePrizes`), its stock and the budget allow, given and recorded (reward record and action
 * row); a prize that cannot be given is marked exhausted. Null when none is given.
 */
async function giveFirstPrize(
  trx: Transaction<Database>,
  input: ActionInput,
  entry: EntryRow,
  prizes: { configs: ReadonlyMap<string, Config>; rules: readonly DrawPrize[] },
  exhausted: Set<string>,
) {
  const { campaign, participant, now } = input;
  const state = await participantDrawState(trx, campaign, participant, limitsWins(campaign));
  for (const prizeId of settlePrizes(prizes.rules, state, exhausted)) {
    const prize = prizes.configs.get(prizeId) as Config;
    const award = await awardPrize(trx, input, prize, entry);
    if (award.outcome !== 'win') {
      // Out of stock (or its codes are gone) stays so for this settlement; over budget too.
      exhausted.add(prizeId);
      continue;
    }
    const { rewardId } = award;
    const result = { prize: prizeAnswer(prize, campaign), rewardId };
    await insertAction(
      trx,
      actionRow(
        input,
        { result: JSON.stringify(result), prize_id: prizeId, reward_id: rewardId, outcome: 'win' },
        playDay(now.getTime(), campaign.timezone),
        entry,
      ),
    );
    return { prizeId, rewardId, deliveries: award.deliveries };
  }
  return null;
}
