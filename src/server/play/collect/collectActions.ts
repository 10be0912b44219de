// Fragment collection (the `collect` mechanic): a draw spends a chance and gives a fragment by the
// configured odds; the prize's pieces (its first `fragmentCount` kinds, the full set by default)
// are exchanged for it within its stock and the budget; a fragment can be given to a friend (set aside until they take it) or
// asked for (any friend holding one may answer). Every count moves with a conditional update, so
// nothing is spent twice under concurrency or retries. The participant's fragments and summary
// are in collectStore.ts.
import { randomInt } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/tables';
import { randomId } from '../../db/randomId';
import { AppError } from '../../errors';
import {
  decideTransferAnswer,
  decideExchange,
  decideFragmentDraw,
  decideOffer,
  exchangeCost,
  missingFor,
  setsHeld,
  type ExchangeDecision,
  type ExchangeSituation,
  type Fragment,
  type FragmentDrawDecision,
  type FragmentDrawSituation,
} from '../../../engine/play/collect';
import { playDay } from '../../../engine/play/playDay';
import type { ChanceSpend } from '../../../engine/play/chances';
import { entryReason, list, reasonError, type Config, type PlayCampaign } from '../playCampaign';
import {
  actionRow,
  chanceState,
  entryAfter,
  insertAction,
  saveEntry,
  type ActionInput,
  type ActionOutcome,
  type EntryRow,
  refuse,
} from '../playSteps';
import { givePrize, prizeAnswer, recordWin } from '../prizeSteps';
import type { ParticipantRow } from '../playTables';
import type { ReadSummary } from '../participantSummary';
import {
  addFragments,
  collectSummaries,
  keepMine,
  ownerOf,
  readMine,
  takeFragments,
  type CollectSummary,
} from './collectStore';

type Db = Kysely<Database> | Transaction<Database>;

/** The fragments of a collection campaign as the engine reads them. */
export function fragmentsOf(campaign: Pick<PlayCampaign, 'config'>): Fragment[] {
  return list(campaign.config.fragments).map((f) => ({
    id: String(f.id),
    odds: typeof f.odds === 'number' ? f.odds : 0,
  }));
}

function assertOpen(input: ActionInput) {
  const reason = entryReason(input.campaign, input.participant, input.now, false);
  if (reason) throw new AppError(reasonError(reason));
}

const text = (value: unknown, max = 64) =>
  typeof value === 'string' && value.length > 0 && value.length <= max ? value : undefined;

/** The action's row, on today's local day or, for a chance spent, on the spend's. */
async function record(
  trx: Transaction<Database>,
  input: ActionInput,
  entry: EntryRow,
  result: Record<string, unknown>,
  fields: { outcome: string; prize_id?: string; reward_id?: string },
  spend?: ChanceSpend,
) {
  await insertAction(
    trx,
    actionRow(
      input,
      { result: JSON.stringify(result), ...fields },
      spend ?? playDay(input.now.getTime(), input.campaign.timezone),
      entry,
    ),
  );
}

/**
 * `drawFragment`, in three steps: the chance counters come with the locked entry, the engine
 * decides the chance spent and the fragment by the configured odds (engine/play/collect.ts,
 * `decideFragmentDraw`), then the fragment, the entry and the action are written.
 */
export async function drawFragment(
  trx: Transaction<Database>,
  input: ActionInput,
  entry: EntryRow,
): Promise<ActionOutcome> {
  assertOpen(input);
  const { campaign, now } = input;
  const situation: FragmentDrawSituation = {
    chances: chanceState(campaign, entry, now),
    fragments: fragmentsOf(campaign),
  };
  const decision = decideFragmentDraw(situation, (n) => randomInt(n));
  if (decision.refusal === 'noChances') throw new AppError('play.noChances');
  refuse(decision, 'collect');
  return writeFragmentDraw(trx, input, entry, decision, await readMine(trx, input));
}

/** Writes a decided draw: the fragment given, the chance spent, the action. */
async function writeFragmentDraw(
  trx: Transaction<Database>,
  input: ActionInput,
  entry: EntryRow,
  decision: Extract<FragmentDrawDecision, { refusal: null }>,
  mine: ReadSummary<CollectSummary>,
): Promise<ActionOutcome> {
  const { spend, fragmentId } = decision;
  await addFragments(trx, input.campaign, input.participant.id, fragmentId, 1, 1);
  const after = entryAfter(entry, spend, false);
  await saveEntry(trx, input, after);
  const result = { fragmentId };
  await record(trx, input, entry, result, { outcome: 'fragment' }, spend);
  const summary = await keepMine(trx, input, mine, { fragments: { [fragmentId]: 1 } });
  return { result, replayed: false, deliveries: 0, entry: after, summary };
}

/**
 * `exchange`: fragments for a prize, one each of its pieces. Reads the participant's fragments,
 * decides the cost (engine/play/collect.ts, `decideExchange`), then writes: the stock and budget
 * are taken first (refused: the fragments stay), then each piece with a conditional decrement.
 */
export async function exchange(
  trx: Transaction<Database>,
  input: ActionInput,
  entry: EntryRow,
): Promise<ActionOutcome> {
  assertOpen(input);
  const { campaign } = input;
  const prizeId = text(input.body.prizeId);
  const prize = campaign.prizes.find((p) => String(p.id) === prizeId && p.isThank !== true);
  const mine = prize ? await readMine(trx, input) : undefined;
  const situation: ExchangeSituation = {
    prize,
    fragmentIds: fragmentsOf(campaign).map((f) => f.id),
    inventory: mine ? mine.summary.inventory : {},
  };
  const decision = decideExchange(situation);
  refuse(decision, 'collect');
  return writeExchange(trx, input, entry, prize as Config, decision, mine as ReadSummary<CollectSummary>);
}

/** Writes a decided exchange: the prize within its stock and the budget, the pieces, the win. */
async function writeExchange(
  trx: Transaction<Database>,
  input: ActionInput,
  entry: EntryRow,
  prize: Config,
  decision: Extract<ExchangeDecision, { refusal: null }>,
  mine: ReadSummary<CollectSummary>,
): Promise<ActionOutcome> {
  const { campaign, participant } = input;
  const rewardId = randomId();
  const given = await givePrize(trx, input, prize, rewardId);
  if (given.outcome === 'outOfStock') throw new AppError('collect.outOfStock');
  if (given.outcome === 'overBudget') throw new AppError('play.overBudget');
  for (const [fragmentId, n] of Object.entries(decision.cost)) {
    // Held under the entry lock, so this cannot fail; if it did, the transaction rolls back.
    if (!(await takeFragments(trx, campaign.row.id, participant.id, fragmentId, n)))
      throw new AppError('collect.notEnough');
  }
  const written = await recordWin(trx, input, {
    prize,
    rewardId,
    couponCode: given.couponCode,
    valueMicros: given.valueMicros,
    entry,
  });
  const after = entryAfter(entry, null, true);
  await saveEntry(trx, input, after);
  const result = { prize: prizeAnswer(prize, campaign), rewardId, sets: decision.sets };
  await record(trx, input, entry, result, {
    outcome: 'win',
    prize_id: String(prize.id),
    reward_id: rewardId,
  });
  const taken = Object.fromEntries(Object.entries(decision.cost).map(([fragmentId, n]) => [fragmentId, -n]));
  const summary = await keepMine(trx, input, mine, { fragments: taken });
  return {
    result,
    replayed: false,
    deliveries: written.deliveries,
    entry: after,
    reward: written.record,
    summary,
  };
}

async function openTransfer(
  trx: Transaction<Database>,
  input: ActionInput,
  kind: 'gift' | 'ask',
  fragmentId: string,
) {
  const { campaign, participant, now } = input;
  const id = randomId();
  await trx
    .insertInto('play_fragment_transfers')
    .values({
      id,
      project_id: campaign.row.project_id,
      campaign_id: campaign.row.id,
      kind,
      fragment_id: fragmentId,
      from_participant_id: kind === 'gift' ? participant.id : null,
      to_participant_id: kind === 'ask' ? participant.id : null,
      state: 'open',
      created_at: now.toISOString(),
      done_at: null,
    })
    .execute();
  return id;
}

/** Reads and decides a gift or a request (engine/play/collect.ts, `decideOffer`). */
async function decideOfferOf(
  trx: Db,
  input: ActionInput,
  kind: 'gift' | 'ask',
  mine: ReadSummary<CollectSummary>,
) {
  const { campaign } = input;
  const fragmentId = text(input.body.fragmentId);
  const fragmentIds = fragmentsOf(campaign).map((f) => f.id);
  const held =
    kind === 'gift' && fragmentId !== undefined && fragmentIds.includes(fragmentId)
      ? mine.summary.inventory
      : {};
  const decision = decideOffer({ kind, fragmentId, fragmentIds, inventory: held });
  refuse(decision, 'collect');
  return decision.fragmentId;
}

/** Gives a fragment to a friend: one is set aside now, the friend takes it through the link. */
export async function gift(
  trx: Transaction<Database>,
  input: ActionInput,
  entry: EntryRow,
): Promise<ActionOutcome> {
  assertOpen(input);
  const mine = await readMine(trx, input);
  const fragmentId = await decideOfferOf(trx, input, 'gift', mine);
  // Held under the entry lock, so this cannot fail; the decrement stays conditional all the same.
  if (!(await takeFragments(trx, input.campaign.row.id, input.participant.id, fragmentId, 1)))
    throw new AppError('collect.noFragment');
  const transferId = await openTransfer(trx, input, 'gift', fragmentId);
  const result = { transferId, kind: 'gift', fragmentId };
  await record(trx, input, entry, result, { outcome: 'gift' });
  const opened = { id: transferId, kind: 'gift', fragmentId, at: input.now.toISOString() };
  const summary = await keepMine(trx, input, mine, { fragments: { [fragmentId]: -1 }, opened });
  return { result, replayed: false, deliveries: 0, summary };
}

/** Asks friends for a fragment: any friend holding one may answer through the link. */
export async function ask(
  trx: Transaction<Database>,
  input: ActionInput,
  entry: EntryRow,
): Promise<ActionOutcome> {
  assertOpen(input);
  const mine = await readMine(trx, input);
  const fragmentId = await decideOfferOf(trx, input, 'ask', mine);
  const transferId = await openTransfer(trx, input, 'ask', fragmentId);
  const result = { transferId, kind: 'ask', fragmentId };
  await record(trx, input, entry, result, { outcome: 'ask' });
  const opened = { id: transferId, kind: 'ask', fragmentId, at: input.now.toISOString() };
  const summary = await keepMine(trx, input, mine, { opened });
  return { result, replayed: false, deliveries: 0, summary };
}

/**
 * Reads and decides an answer to a gift or a request (engine/play/collect.ts, `decideTransferAnswer`):
 * the transfer, and the participant's fragments when they answer a request.
 */
async function decideTransferAnswerOf(
  trx: Db,
  input: ActionInput,
  kind: 'gift' | 'ask',
  mine: ReadSummary<CollectSummary>,
) {
  const { participant } = input;
  const { campaign } = input;
  const id = text(input.body.transferId);
  const row = id
    ? await trx
        .selectFrom('play_fragment_transfers')
        .selectAll()
        .where('id', '=', id)
        .where('campaign_id', '=', campaign.row.id)
        .where('kind', '=', kind)
        .executeTakeFirst()
    : undefined;
  const transfer = row && {
    state: row.state,
    fromParticipantId: row.from_participant_id,
    toParticipantId: row.to_participant_id,
    fragmentId: row.fragment_id,
  };
  const answersOpenAsk =
    kind === 'ask' && transfer?.state === 'open' && transfer.toParticipantId !== participant.id;
  const inventory = answersOpenAsk ? mine.summary.inventory : {};
  const decision = decideTransferAnswer({ kind, transfer, participantId: participant.id, inventory });
  refuse(decision, 'collect');
  return row as NonNullable<typeof row>;
}

/** Closes a transfer once (a conditional update): false when someone else took it first. */
async function closeTransfer(
  trx: Transaction<Database>,
  id: string,
  side: { to_participant_id: string } | { from_participant_id: string },
  now: Date,
) {
  const result = await trx
    .updateTable('play_fragment_transfers')
    .set({ state: 'done', done_at: now.toISOString(), ...side })
    .where('id', '=', id)
    .where('state', '=', 'open')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Takes a friend's gift: the fragment set aside becomes this participant's. */
export async function claimGift(
  trx: Transaction<Database>,
  input: ActionInput,
  entry: EntryRow,
): Promise<ActionOutcome> {
  assertOpen(input);
  const { campaign, participant, now } = input;
  const mine = await readMine(trx, input);
  const transfer = await decideTransferAnswerOf(trx, input, 'gift', mine);
  if (!(await closeTransfer(trx, transfer.id, { to_participant_id: participant.id }, now)))
    throw new AppError('collect.transferGone');
  await addFragments(trx, campaign, participant.id, transfer.fragment_id, 1, 0);
  // The giver's open gift is gone: their summary is rebuilt by their next read.
  await collectSummaries.markStale(trx, ownerOf(campaign, transfer.from_participant_id as string));
  const result = { transferId: transfer.id, fragmentId: transfer.fragment_id };
  await record(trx, input, entry, result, { outcome: 'claimGift' });
  const summary = await keepMine(trx, input, mine, { fragments: { [transfer.fragment_id]: 1 } });
  return { result, replayed: false, deliveries: 0, summary };
}

/** Answers a friend's request: one of this participant's fragments becomes theirs. */
export async function giveAsked(
  trx: Transaction<Database>,
  input: ActionInput,
  entry: EntryRow,
): Promise<ActionOutcome> {
  assertOpen(input);
  const { campaign, participant, now } = input;
  const mine = await readMine(trx, input);
  const transfer = await decideTransferAnswerOf(trx, input, 'ask', mine);
  // The fragment is held under the entry lock; the decrement and the close stay conditional.
  if (!(await takeFragments(trx, campaign.row.id, participant.id, transfer.fragment_id, 1)))
    throw new AppError('collect.noFragment');
  if (!(await closeTransfer(trx, transfer.id, { from_participant_id: participant.id }, now)))
    throw new AppError('collect.transferGone');
  await addFragments(trx, campaign, transfer.to_participant_id as string, transfer.fragment_id, 1, 0);
  // The asker's fragments and open request moved: their summary is rebuilt by their next read.
  await collectSummaries.markStale(trx, ownerOf(campaign, transfer.to_participant_id as string));
  const result = { transferId: transfer.id, fragmentId: transfer.fragment_id };
  await record(trx, input, entry, result, { outcome: 'giveAsked' });
  const summary = await keepMine(trx, input, mine, { fragments: { [transfer.fragment_id]: -1 } });
  return { result, replayed: false, deliveries: 0, summary };
}

/**
 * What the page shows of a participant's collection (`me.progress.collect`): from the summary an
 * action just left, else from their summary row (rebuilt and stored when missing or stale).
 */
export async function collectProgress(
  db: Kysely<Database>,
  campaign: PlayCampaign,
  participant?: ParticipantRow,
  known?: CollectSummary,
) {
  const ids = fragmentsOf(campaign).map((f) => f.id);
  const summary =
    known ??
    (participant
      ? await collectSummaries.load(db, ownerOf(campaign, participant.id))
      : { inventory: {}, open: [] });
  const { inventory } = summary;
  return {
    collect: {
      inventory: Object.fromEntries(ids.map((id) => [id, inventory[id] ?? 0])),
      sets: setsHeld(inventory, ids),
      prizes: campaign.prizes
        .filter((p) => p.isThank !== true)
        .map((p) => {
          const cost = exchangeCost(typeof p.fragmentCount === 'number' ? p.fragmentCount : undefined, ids);
          return {
            prizeId: String(p.id),
            needs: Object.keys(cost),
            missing: missingFor(inventory, cost),
          };
        }),
      open: summary.open.map((t) => ({ id: t.id, kind: t.kind, fragmentId: t.fragmentId, at: t.at })),
    },
  };
}

/** The fragments in the page language (`campaign.game.collect`). */
export function collectGameView(campaign: PlayCampaign, inLang: (value: unknown) => string) {
  return {
    fragments: list(campaign.config.fragments).map((f) => ({
      id: String(f.id),
      name: inLang(f.name),
      image: typeof f.image === 'string' && f.image ? f.image : null,
      odds: typeof f.odds === 'number' ? f.odds : 0,
    })),
  };
}
