import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runAction } from '../playActions';
import { playTestDb, type PlayTestDb } from '../playTestDb';
import type { Config, PlayCampaign } from '../playCampaign';
import type { ParticipantRow } from '../playTables';

// The prize quiz without HTTP: runAction over a migrated in-memory database. Each attempt asks the
// whole bank (its order is the server's random draw, unit-tested with seeded values in
// engine/play/quiz.test.ts), so the score of an answer is certain.
const NOW = new Date('2026-03-01T08:00:00.000Z');

const question = (id: string, answers: string[], score: number) => ({
  id,
  title: { 'en-US': `Question ${id}` },
  options: ['a', 'b', 'c'].map((o) => ({ id: o, text: { 'en-US': `Option ${o}` } })),
  answers,
  score,
});
const BANK = [question('q1', ['a'], 40), question('q2', ['b', 'c'], 30.5), question('q3', ['c'], 29.5)];
const RIGHT = { q1: ['a'], q2: ['c', 'b'], q3: ['c'] };
const prize = (id: string, minScore: number, over: Config = {}) => ({
  id,
  name: `Prize ${id}`,
  deliveryType: 'system',
  unlimitedStock: true,
  minScore,
  ...over,
});
const thanks = { id: 'thanks', name: 'Thanks', isThank: true };

let t: PlayTestDb;
beforeEach(async () => {
  t = await playTestDb(NOW);
});
afterEach(() => t.close());

const act = (
  campaign: PlayCampaign,
  participant: ParticipantRow,
  action: 'startQuiz' | 'answer',
  key: string,
  body: Config = {},
  now = NOW,
) => runAction(t.db, { campaign, participant, action, key, body, now, dbKind: 'sqlite' });

async function start(campaign: PlayCampaign, participant: ParticipantRow, key: string, now = NOW) {
  return (await act(campaign, participant, 'startQuiz', key, {}, now)).result as {
    attemptId: string;
    questionIds: string[];
    secondsPerQuestion: number;
    deadline: string | null;
  };
}

const answer = (
  campaign: PlayCampaign,
  participant: ParticipantRow,
  key: string,
  attemptId: string,
  answers: Config = RIGHT,
  now = NOW,
) => act(campaign, participant, 'answer', key, { attemptId, answers }, now);

const quiz = (over: Config) =>
  t.addCampaign('quiz', {
    questions: BANK,
    scoreLines: [],
    chances: { initialCount: 3 },
    prizes: [prize('gold', 100), prize('silver', 60), thanks],
    ...over,
  });

const entryOf = (campaign: PlayCampaign, participant: ParticipantRow) =>
  t.db
    .selectFrom('play_entries')
    .select(['daily_period', 'daily_used', 'pool_used', 'actions', 'wins'])
    .where('campaign_id', '=', campaign.row.id)
    .where('participant_id', '=', participant.id)
    .executeTakeFirstOrThrow();

const actionsOf = (campaign: PlayCampaign) =>
  t.db
    .selectFrom('play_actions')
    .select(['idempotency_key', 'action', 'chance_bucket', 'outcome', 'prize_id', 'reward_id', 'day'])
    .where('campaign_id', '=', campaign.row.id)
    .orderBy('created_at')
    .orderBy('idempotency_key')
    .execute();

const attemptOf = (attemptId: string) =>
  t.db.selectFrom('play_quiz_attempts').selectAll().where('id', '=', attemptId).executeTakeFirstOrThrow();

describe('startQuiz (server, without HTTP)', () => {
  it('spends a chance, stores the questions drawn and their deadline, then refuses without a chance', async () => {
    const campaign = await quiz({ chances: { dailyFree: 1, initialCount: 1 }, secondsPerQuestion: 30 });
    const ann = await t.addParticipant('ann');
    const first = await start(campaign, ann, 's1');
    // 3 questions x 30 s + 10 s of grace.
    expect(first).toMatchObject({
      secondsPerQuestion: 30,
      deadline: new Date(NOW.getTime() + 100_000).toISOString(),
    });
    expect([...first.questionIds].sort()).toEqual(['q1', 'q2', 'q3']);
    expect(await attemptOf(first.attemptId)).toMatchObject({
      participant_id: ann.id,
      questions: JSON.stringify(first.questionIds),
      started_at: NOW.toISOString(),
      deadline: first.deadline,
      answered_at: null,
      outcome: null,
    });
    await start(campaign, ann, 's2');
    await expect(act(campaign, ann, 'startQuiz', 's3')).rejects.toMatchObject({ key: 'play.noChances' });
    // The campaign's local day (GMT+08:00) is 1 March; the free chance goes first, then the pool.
    expect(await entryOf(campaign, ann)).toEqual({
      daily_period: '2026-03-01',
      daily_used: 1,
      pool_used: 1,
      actions: 2,
      wins: 0,
    });
    expect(await actionsOf(campaign)).toEqual([
      {
        idempotency_key: 's1',
        action: 'startQuiz',
        chance_bucket: 'daily',
        outcome: 'start',
        prize_id: null,
        reward_id: null,
        day: '2026-03-01',
      },
      {
        idempotency_key: 's2',
        action: 'startQuiz',
        chance_bucket: 'pool',
        outcome: 'start',
        prize_id: null,
        reward_id: null,
        day: '2026-03-01',
      },
    ]);
    const started = await t.db.selectFrom('play_quiz_attempts').select('id').execute();
    expect(started).toHaveLength(2);
  });

  it('asks the configured number of questions with no deadline without a time limit; a repeated key answers the first attempt', async () => {
    const campaign = await quiz({ questionsPerAttempt: 2 });
    const ann = await t.addParticipant('ann');
    const first = await start(campaign, ann, 's1');
    expect(first.questionIds).toHaveLength(2);
    expect(first).toMatchObject({ secondsPerQuestion: 0, deadline: null });
    const again = await act(campaign, ann, 'startQuiz', 's1');
    expect(again).toMatchObject({ replayed: true, result: first });
    expect(await t.db.selectFrom('play_quiz_attempts').select('id').execute()).toHaveLength(1);
    expect(await entryOf(campaign, ann)).toMatchObject({ pool_used: 1, actions: 1 });
  });
});

describe('answer (server, without HTTP)', () => {
  it('scores the answers, gives the best prize reached and records it; a repeated key answers the first result', async () => {
    const campaign = await quiz({
      prizes: [prize('gold', 100, { unlimitedStock: false, stock: 1 }), thanks],
    });
    const ann = await t.addParticipant('ann');
    const { attemptId } = await start(campaign, ann, 's1');
    const answered = await answer(campaign, ann, 'a1', attemptId);
    expect(answered.result).toMatchObject({
      attemptId,
      score: 100,
      possible: 100,
      correct: 3,
      asked: 3,
      outcome: 'win',
      prize: { id: 'gold', name: 'Prize gold', isThank: false },
    });
    const rewardId = answered.result.rewardId as string;
    expect(answered.reward).toMatchObject({ id: rewardId, prize_id: 'gold', method: 'answer' });
    expect(await attemptOf(attemptId)).toMatchObject({
      answered_at: NOW.toISOString(),
      picks: JSON.stringify(RIGHT),
      score_hundredths: 10_000,
      possible_hundredths: 10_000,
      correct: 3,
      outcome: 'win',
      reward_id: rewardId,
    });
    // The answer spends no chance: starting the attempt did.
    expect(await entryOf(campaign, ann)).toMatchObject({ pool_used: 1, actions: 2, wins: 1 });
    const stock = await t.db.selectFrom('play_prize_stock').select('issued').executeTakeFirstOrThrow();
    expect(stock.issued).toBe(1);

    const again = await answer(campaign, ann, 'a1', attemptId);
    expect(again).toMatchObject({ replayed: true, result: answered.result });
    await expect(answer(campaign, ann, 'a2', attemptId)).rejects.toMatchObject({
      key: 'play.attemptAnswered',
    });
    expect(
      (await actionsOf(campaign)).map((r) => [r.idempotency_key, r.outcome, r.prize_id, r.reward_id]),
    ).toEqual([
      // Same time: ordered by key.
      ['a1', 'win', 'gold', rewardId],
      ['s1', 'start', null, null],
    ]);
    expect(await t.db.selectFrom('reward_records').select('id').execute()).toEqual([{ id: rewardId }]);
  });

  it('gives the next prize down when the best one is out of stock, and the thank-you prize below every line', async () => {
    const campaign = await quiz({
      prizes: [prize('gold', 100, { unlimitedStock: false, stock: 1 }), prize('silver', 60), thanks],
    });
    const [ann, bob] = [await t.addParticipant('ann'), await t.addParticipant('bob')];
    const annAttempt = await start(campaign, ann, 's1');
    expect((await answer(campaign, ann, 'a1', annAttempt.attemptId)).result).toMatchObject({
      prize: { id: 'gold' },
    });
    const bobFirst = await start(campaign, bob, 's1');
    expect((await answer(campaign, bob, 'a1', bobFirst.attemptId)).result).toMatchObject({
      outcome: 'win',
      prize: { id: 'silver' },
    });
    // Only q1 right: 40 points reach no line.
    const bobSecond = await start(campaign, bob, 's2');
    const low = await answer(campaign, bob, 'a2', bobSecond.attemptId, { q1: ['a'] });
    expect(low.result).toMatchObject({
      score: 40,
      correct: 1,
      outcome: 'noPrize',
      prize: { id: 'thanks', isThank: true },
      rewardId: null,
    });
    expect(low.reward).toBeUndefined();
    expect(await attemptOf(bobSecond.attemptId)).toMatchObject({ outcome: 'noPrize', reward_id: null });
    const rows = (await actionsOf(campaign)).map((r) => `${r.idempotency_key} ${r.outcome} ${r.prize_id}`);
    expect(rows.sort()).toEqual([
      'a1 win gold',
      'a1 win silver',
      'a2 noPrize thanks',
      's1 start null',
      's1 start null',
      's2 start null',
    ]);
  });

  it("holds a prize's per-user maximum: the score's next prize down is given instead", async () => {
    const campaign = await quiz({
      prizes: [prize('gold', 100, { perUserMax: 1 }), prize('silver', 60), thanks],
    });
    const ann = await t.addParticipant('ann');
    const ids: unknown[] = [];
    for (const n of [1, 2]) {
      const { attemptId } = await start(campaign, ann, `s${n}`);
      ids.push(((await answer(campaign, ann, `a${n}`, attemptId)).result.prize as { id: string }).id);
    }
    expect(ids).toEqual(['gold', 'silver']);
    const wins = await t.db
      .selectFrom('play_prize_wins')
      .select(['prize_id', 'wins'])
      .orderBy('prize_id')
      .execute();
    expect(wins).toEqual([
      { prize_id: 'gold', wins: 1 },
      { prize_id: 'silver', wins: 1 },
    ]);
  });

  it('scores nothing after the deadline', async () => {
    const campaign = await quiz({ secondsPerQuestion: 10 });
    const ann = await t.addParticipant('ann');
    const { attemptId, deadline } = await start(campaign, ann, 's1');
    const late = new Date(Date.parse(deadline as string) + 1);
    const answered = await answer(campaign, ann, 'a1', attemptId, RIGHT, late);
    expect(answered.result).toMatchObject({
      score: 0,
      possible: 100,
      correct: 0,
      outcome: 'timeUp',
      prize: { id: 'thanks' },
      rewardId: null,
    });
    expect(await attemptOf(attemptId)).toMatchObject({ outcome: 'timeUp', score_hundredths: 0, correct: 0 });
  });

  it('counts an answer once the budget is spent but gives nothing, and refuses to start another attempt', async () => {
    const campaign = await quiz({
      budget: { total: 5 },
      prizes: [prize('gold', 100, { value: 5 }), thanks],
    });
    const ann = await t.addParticipant('ann');
    const first = await start(campaign, ann, 's1');
    const second = await start(campaign, ann, 's2');
    const won = await answer(campaign, ann, 'a1', first.attemptId);
    expect(won).toMatchObject({ result: { outcome: 'win' }, spentMicros: 5_000_000 });
    const spent = await answer(campaign, ann, 'a2', second.attemptId);
    expect(spent.result).toMatchObject({ score: 100, outcome: 'overBudget', prize: { id: 'thanks' } });
    expect(spent.spentMicros).toBeUndefined();
    await expect(act(campaign, ann, 'startQuiz', 's3')).rejects.toMatchObject({ key: 'play.overBudget' });
    const rewards = await t.db.selectFrom('reward_records').select('value_micros').execute();
    expect(rewards).toEqual([{ value_micros: 5_000_000 }]);
  });

  it("refuses bad answers, unknown attempts and another participant's attempt", async () => {
    const campaign = await quiz({});
    const [ann, bob] = [await t.addParticipant('ann'), await t.addParticipant('bob')];
    const { attemptId } = await start(campaign, ann, 's1');
    await expect(act(campaign, ann, 'answer', 'a1', { answers: RIGHT })).rejects.toMatchObject({
      key: 'play.badAnswers',
    });
    await expect(answer(campaign, ann, 'a1', attemptId, { q1: 'a' })).rejects.toMatchObject({
      key: 'play.badAnswers',
    });
    await expect(answer(campaign, ann, 'a1', 'missing')).rejects.toMatchObject({
      key: 'play.attemptNotFound',
    });
    await expect(answer(campaign, bob, 'b1', attemptId)).rejects.toMatchObject({
      key: 'play.attemptNotFound',
    });
    // Nothing was written by the refusals.
    expect((await attemptOf(attemptId)).answered_at).toBeNull();
    expect((await actionsOf(campaign)).map((r) => r.idempotency_key)).toEqual(['s1']);
  });
});

describe('answer: prize limits, over several campaigns and participants', () => {
  let keys = 0;
  /** One attempt answered right (100 points, every line reached): the prize it gives. */
  async function won(campaign: PlayCampaign, participant: ParticipantRow) {
    const { attemptId } = await start(campaign, participant, `s${++keys}`);
    const answered = await answer(campaign, participant, `a${keys}`, attemptId);
    return (answered.result.prize as { id: string }).id;
  }

  it("holds a prize's per-user maximum for that participant in that campaign only", async () => {
    const prizes = [prize('gold', 100, { perUserMax: 1 }), prize('silver', 60), thanks];
    const [a, b] = [await quiz({ prizes }), await quiz({ prizes })];
    const [ann, bob] = [await t.addParticipant('ann'), await t.addParticipant('bob')];
    // Ann's gold in B is not a gold of A's.
    expect(await won(b, ann)).toBe('gold');
    expect(await won(a, ann)).toBe('gold');
    // Her second answer in A reaches gold again: the next prize down instead.
    expect(await won(a, ann)).toBe('silver');
    // Ann's gold is not Bob's.
    expect(await won(a, bob)).toBe('gold');
    expect(await won(b, ann)).toBe('silver');
    expect(await won(b, bob)).toBe('gold');
  });

  it("gives a user type's prize to participants of that type only, each campaign by its own prize", async () => {
    const a = await quiz({
      prizes: [prize('members', 100, { userType: 'vip' }), prize('silver', 60), thanks],
    });
    const b = await quiz({
      prizes: [prize('members', 100, { userType: 'staff' }), prize('silver', 60), thanks],
    });
    const ann = await t.addParticipant('ann', 'vip');
    const bob = await t.addParticipant('bob');
    const cat = await t.addParticipant('cat', 'staff');
    expect([await won(a, ann), await won(a, bob), await won(a, cat)]).toEqual([
      'members',
      'silver',
      'silver',
    ]);
    expect([await won(b, ann), await won(b, bob), await won(b, cat)]).toEqual([
      'silver',
      'silver',
      'members',
    ]);
  });

  it('gives a participant one super prize per campaign, whichever it was; others and other campaigns are not held', async () => {
    const prizes = [
      prize('gold', 100, { isSuper: true }),
      prize('silver', 60, { isSuper: true }),
      prize('bronze', 40),
      thanks,
    ];
    const [a, b] = [await quiz({ prizes }), await quiz({ prizes })];
    const [ann, bob] = [await t.addParticipant('ann'), await t.addParticipant('bob')];
    expect(await won(a, ann)).toBe('gold');
    // Gold has no per-user maximum, and silver was never hers: the super prize rule leaves bronze.
    expect(await won(a, ann)).toBe('bronze');
    expect(await won(a, bob)).toBe('gold');
    expect(await won(b, ann)).toBe('gold');
    expect(await won(b, bob)).toBe('gold');
    expect(await won(b, bob)).toBe('bronze');
  });
});
