import { randomInt } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/tables';
import { randomId } from '../db/randomId';
import { AppError } from '../errors';
import { isUniqueViolation } from '../db/isUniqueViolation';
import { drawTable, pickEntry } from '../../engine/play/draw';
import { inviteGrant, shareGrant } from '../../engine/play/chances';
import { mechanicOf } from '../../engine/play/mechanics';
import { playDay } from '../../engine/play/playDay';
import { drawPrizeOf, entryReason, reasonError, type PlayCampaign } from './playCampaign';
import {
  actionRow,
  addGrant,
  budgetBeforeAction,
  chanceToSpend,
  ensureEntry,
  entryAfter,
  findAction,
  grantedTotal,
  insertAction,
  lockEntry,
  saveEntry,
  type ActionInput,
  type ActionOutcome,
  type EntryRow,
} from './playSteps';
import {
  givePrize,
  limitsWins,
  participantDrawState,
  recordWin,
  prizeAnswer,
  thankPrize,
} from './prizeSteps';
import { answerQuiz, startQuiz } from './quiz/quizActions';
import { predict } from './predict/predictActions';
import { ask, claimGift, drawFragment, exchange, gift, giveAsked } from './collect/collectActions';
import { claimShare, stake } from './pool/poolService';
import { checkIn } from './checkIn/checkInActions';
import { roll } from './dice/diceActions';
import { feedPetByShare, help, revive } from './raise/raiseService';
import { countPageEvents, go } from './tasks/taskActions';
import { drawChance, lockParentEntry, spendParentChance, type ParentLink } from './parentChances';
import { PAGE_EVENTS } from '../../engine/play/tasks';
import type { ParticipantRow, RewardRecordRow } from './playTables';

export { ensureEntry, type ActionInput, type ActionOutcome } from './playSteps';

type Handler = (trx: Transaction<Database>, input: ActionInput, entry: EntryRow) => Promise<ActionOutcome>;

/** Every action this build runs, by the name a mechanic lists in `actions` (engine/play/mechanics). */
const HANDLERS: Readonly<Record<string, Handler>> = {
  draw,
  share,
  startQuiz,
  answer: answerQuiz,
  predict,
  drawFragment,
  exchange,
  gift,
  ask,
  claimGift,
  giveAsked,
  stake,
  claimShare,
  checkIn,
  go,
  roll,
  help,
  revive,
};

/** The actions a campaign answers: its mechanic's, when this build runs them. */
export function actionsOf(campaign: PlayCampaign): readonly string[] {
  const spec = campaign.mechanic ? mechanicOf(campaign.mechanic) : undefined;
  return (spec?.actions ?? ['share']).filter((name) => Object.hasOwn(HANDLERS, name));
}

/** Every action name of this build (for the API description). */
export const ACTIONS = Object.keys(HANDLERS);

/**
 * Runs one player action in one transaction: the participant's entry row is locked first, so one
 * participant's actions run one at a time on any number of servers. The action's row is written
 * last and its idempotency key is unique per participant and campaign: a repeated key fails that
 * insert, the whole transaction rolls back (nothing changes), and the first result is answered.
 */
export async function runAction(db: Kysely<Database>, input: ActionInput): Promise<ActionOutcome> {
  const { campaign, participant, key } = input;
  if (!actionsOf(campaign).includes(input.action))
    throw new AppError('play.unknownAction', { params: { action: input.action } });
  const handler = HANDLERS[input.action];
  try {
    return await db.transaction().execute(async (trx) => {
      // A sub-activity's draw on its bound campaign's chances locks that entry first (parentChances).
      const parent = await lockParentEntry(trx, input);
      const entry = await lockEntry(trx, input);
      return parent ? draw(trx, input, entry, parent) : handler(trx, input, entry);
    });
  } catch (error) {
    // A repeated key: its insert collided, or the action is refused now (its chance is spent, the
    // campaign ended since) while the first attempt went through. Either way, the first answer.
    if (!isUniqueViolation(error) && !(error instanceof AppError)) throw error;
    const prior = await findAction(db, campaign.row.id, participant.id, key);
    if (!prior) throw error;
    return { result: JSON.parse(prior.result) as Record<string, unknown>, replayed: true, deliveries: 0 };
  }
}

async function draw(
  trx: Transaction<Database>,
  input: ActionInput,
  entry: EntryRow,
  parent?: ParentLink,
): Promise<ActionOutcome> {
  const { campaign, participant, now } = input;
  const reason = entryReason(campaign, participant, now, false);
  if (reason) throw new AppError(reasonError(reason));
  let spent = await budgetBeforeAction(trx, campaign);
  const spend = parent ? drawChance(parent, input, entry) : chanceToSpend(campaign, entry, now);

  // Per-participant limits need the participant's wins; stock, budget and code pools are decided by
  // the conditional writes of givePrize: a prize drawn when it cannot be given turns into the
  // thank-you prize, exactly as if its odds had been moved there (SPEC 8), so the table needs no
  // counters.
  const state = await participantDrawState(trx, campaign, participant, limitsWins(campaign));
  const prizes = campaign.prizes.map((prize) => ({ ...drawPrizeOf(prize), unlimitedStock: true }));
  const table = drawTable(prizes, state);
  const randomValue = randomInt(10_000);
  const picked = table.entries[pickEntry(table.entries, randomValue)];
  let prize =
    picked.prizeId !== null && !picked.isThank
      ? campaign.prizes.find((p) => String(p.id) === picked.prizeId)
      : undefined;
  let outcome: string = prize ? 'win' : 'thanks';
  let couponCode: string | null = null;
  let valueMicros = 0;
  const rewardId = randomId();
  if (prize) {
    ({ outcome, couponCode, valueMicros } = await givePrize(trx, input, prize, rewardId));
    if (outcome !== 'win') prize = undefined;
    else if (spent !== undefined) spent += valueMicros;
  }

  // The chance is spent whatever the prize (the bound campaign's, when it is its chances).
  const after = entryAfter(entry, parent?.spendsParent ? null : spend, prize !== undefined);
  if (parent) await spendParentChance(trx, input, parent, spend);
  await saveEntry(trx, input, after);

  let deliveries = 0;
  let reward: RewardRecordRow | undefined;
  if (prize) {
    const written = await recordWin(trx, input, { prize, rewardId, couponCode, valueMicros, entry });
    deliveries = written.deliveries;
    reward = written.record;
  }

  const answerPrize = prize ?? thankPrize(campaign);
  const result = { prize: prizeAnswer(answerPrize, campaign), rewardId: prize ? rewardId : null };
  await insertAction(
    trx,
    actionRow(
      input,
      {
        result: JSON.stringify(result),
        odds: JSON.stringify(table.entries.map((e) => ({ prizeId: e.prizeId, hundredths: e.hundredths }))),
        random_value: randomValue,
        prize_id: answerPrize ? String(answerPrize.id) : null,
        reward_id: prize ? rewardId : null,
        chance_bucket: spend.bucket === 'unlimited' ? null : spend.bucket,
        outcome,
      },
      spend.today,
      entry,
    ),
  );
  return { result, replayed: false, deliveries, entry: after, spentMicros: spent, reward };
}

// SHARE
async function share(
  trx: Transaction<Database>,
  input: ActionInput,
  entry: EntryRow,
): Promise<ActionOutcome> {
  const { campaign, participant, now } = input;
  const today = playDay(now.getTime(), campaign.timezone);
  const reason = entryReason(campaign, participant, now, false);
  // Sharing is always allowed (anonymous visitors too); it earns chances only while one may play.
  let granted = 0;
  if (reason === null || reason === 'loginRequired') {
    const sharesToday = await grantedTotal(trx, campaign.row.id, participant.id, 'share', today);
    granted = shareGrant(campaign.chances, sharesToday.total);
    if (granted > 0) {
      await addGrant(trx, campaign, participant.id, {
        source: 'share',
        period: today,
        ref: input.key,
        amount: granted,
        now,
      });
    }
  }
  const channel = typeof input.body.channel === 'string' ? input.body.channel : null;
  // A share is also a task event of a task center (SPEC: in-page actions move tasks).
  const counted =
    reason === null
      ? await countPageEvents(trx, input, entry, [
          { name: PAGE_EVENTS.share, atMs: now.getTime(), source: 'page', ref: `act:${input.key}` },
        ])
      : { completions: 0, deliveries: 0 };
  // ... and a raising's valid event when `share` is one of its event keys.
  const petDeliveries = reason === null ? await feedPetByShare(trx, input, entry) : 0;
  const result = {
    granted,
    channel,
    ...(counted.completions > 0 ? { completions: counted.completions } : {}),
  };
  await insertAction(
    trx,
    actionRow(input, { result: JSON.stringify(result), outcome: 'share' }, today, entry),
  );
  await trx
    .updateTable('play_entries')
    .set({ actions: sql`actions + 1` })
    .where('campaign_id', '=', campaign.row.id)
    .where('participant_id', '=', participant.id)
    .execute();
  return {
    result,
    replayed: false,
    deliveries: counted.deliveries + petDeliveries,
    entry: { ...entry, actions: entry.actions + 1, granted: entry.granted + granted },
  };
}

/**
 * An invite: a new identified participant arriving with `?inviter=<code>` earns the inviter the
 * configured chances (capped in total), once per invitee. Self-invites earn nothing.
 */
export async function grantInvite(
  db: Kysely<Database>,
  campaign: PlayCampaign,
  inviter: ParticipantRow,
  invitee: ParticipantRow,
  now: Date,
): Promise<number> {
  if (inviter.id === invitee.id || invitee.user_id === null) return 0;
  return db.transaction().execute(async (trx) => {
    await ensureEntry(trx, campaign, inviter, now);
    await trx
      .updateTable('play_entries')
      .set({ last_action_at: now.toISOString() })
      .where('campaign_id', '=', campaign.row.id)
      .where('participant_id', '=', inviter.id)
      .execute();
    const invites = await grantedTotal(trx, campaign.row.id, inviter.id, 'invite');
    const amount = inviteGrant(campaign.chances, invites.total);
    if (amount <= 0) return 0;
    const added = await addGrant(trx, campaign, inviter.id, {
      source: 'invite',
      period: 'total',
      ref: invitee.id,
      amount,
      now,
    });
    return added ? amount : 0;
  });
}

// ACTS
