// The prize quiz (the `quiz` mechanic): starting an attempt spends a chance and asks the server's
// questions; answering it scores them and gives the best prize the score reaches. Each action
// reads what it needs once, decides in engine/play/quiz.ts (`decideStart`, `decideAnswer`), then
// writes the decision with the shared steps (playSteps.ts, prizeSteps.ts).
import { randomInt } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/tables';
import { randomId } from '../../db/randomId';
import { AppError } from '../../errors';
import { budgetSpentOut } from '../../../engine/play/chances';
import {
  decideAnswer,
  decideStart,
  quizRulesOf,
  type AnswerDecision,
  type AnswerSituation,
  type QuizRules,
  type StartDecision,
  type StartSituation,
} from '../../../engine/play/quiz';
import { playDay } from '../../../engine/play/playDay';
import {
  drawPrizeOf,
  entryReason,
  memoByConfig,
  reasonError,
  type Config,
  type PlayCampaign,
} from '../playCampaign';
import {
  actionRow,
  budgetState,
  chanceState,
  entryAfter,
  insertAction,
  saveEntry,
  type ActionInput,
  type ActionOutcome,
  type EntryRow,
  refuse,
} from '../playSteps';
import {
  givePrize,
  limitsWins,
  participantDrawState,
  recordWin,
  prizeAnswer,
  thankPrize,
  type GiveOutcome,
} from '../prizeSteps';
import type { RewardRecordRow } from '../playTables';
import './quizTables';

/** The quiz rules of a campaign (read once per parsed config). */
export const quizRules = memoByConfig((campaign: Pick<PlayCampaign, 'config'>): QuizRules =>
  quizRulesOf(campaign.config),
);

/**
 * `startQuiz`, in three steps: read the budget spent, decide (engine/play/quiz.ts, `decideStart`:
 * the chance spent and the questions drawn by the server, the configured number in a random
 * order), then write the decision (the attempt, the chance spent, the action). The stored result
 * names the questions; the route adds their texts and options in the page language, never their
 * answers.
 */
export async function startQuiz(
  trx: Transaction<Database>,
  input: ActionInput,
  entry: EntryRow,
): Promise<ActionOutcome> {
  const { campaign, participant, now } = input;
  const reason = entryReason(campaign, participant, now, false);
  if (reason) throw new AppError(reasonError(reason));
  const budget = await budgetState(trx, campaign);
  const situation: StartSituation = {
    rules: quizRules(campaign),
    chances: chanceState(campaign, entry, now),
    budget,
    nowMs: now.getTime(),
  };
  const decision = decideStart(situation, (n) => randomInt(n));
  refuse(decision, 'play');
  return writeStart(trx, input, { entry, spentMicros: budget?.spentMicros }, decision);
}

/** Writes a started attempt: its questions and deadline, the chance spent, the action. */
async function writeStart(
  trx: Transaction<Database>,
  input: ActionInput,
  read: { entry: EntryRow; spentMicros?: number },
  decision: Extract<StartDecision, { refusal: null }>,
): Promise<ActionOutcome> {
  const { campaign, participant, now } = input;
  const { entry } = read;
  const { spend, asked, secondsPerQuestion, deadlineMs } = decision;
  const deadline = deadlineMs === null ? null : new Date(deadlineMs).toISOString();
  const attemptId = randomId();
  await trx
    .insertInto('play_quiz_attempts')
    .values({
      id: attemptId,
      project_id: campaign.row.project_id,
      campaign_id: campaign.row.id,
      participant_id: participant.id,
      questions: JSON.stringify(asked),
      started_at: now.toISOString(),
      deadline,
      answered_at: null,
      picks: null,
      score_hundredths: null,
      possible_hundredths: null,
      correct: null,
      outcome: null,
      reward_id: null,
    })
    .execute();
  const after = entryAfter(entry, spend, false);
  await saveEntry(trx, input, after);
  const result = { attemptId, questionIds: asked, secondsPerQuestion, deadline };
  await insertAction(
    trx,
    actionRow(
      input,
      {
        result: JSON.stringify(result),
        outcome: 'start',
      },
      spend,
      entry,
    ),
  );
  return { result, replayed: false, deliveries: 0, entry: after, spentMicros: read.spentMicros };
}

/** The answer body, read strictly: `{ attemptId, answers: { <questionId>: [<optionId>, ...] } }`. */
function readAnswers(body: Config): { attemptId: string; picks: Record<string, string[]> } {
  const { attemptId, answers } = body;
  const bad = () => new AppError('play.badAnswers');
  if (typeof attemptId !== 'string' || attemptId.length === 0 || attemptId.length > 64) throw bad();
  if (!answers || typeof answers !== 'object' || Array.isArray(answers)) throw bad();
  const picks: Record<string, string[]> = {};
  const entries = Object.entries(answers as Record<string, unknown>);
  if (entries.length > 100) throw bad();
  for (const [questionId, options] of entries) {
    if (!Array.isArray(options) || options.length > 8) throw bad();
    if (!options.every((o) => typeof o === 'string' && o.length > 0 && o.length <= 32)) throw bad();
    picks[questionId] = options as string[];
  }
  return { attemptId, picks };
}

/**
 * `answer`, in three steps: read the attempt, the budget spent and the participant's wins (when a
 * prize limits them), decide (engine/play/quiz.ts, `decideAnswer`: the server scores the questions
 * it asked against the configured answers, nothing after the deadline, and ranks the prizes the
 * score reaches), then write the decision: the best prize whose stock and budget hold is given
 * (the next one down when not); once the budget is spent the answer still counts and no prize is
 * given. No chance is spent: starting the attempt spent it.
 */
export async function answerQuiz(
  trx: Transaction<Database>,
  input: ActionInput,
  entry: EntryRow,
): Promise<ActionOutcome> {
  const { campaign, participant, now } = input;
  const { attemptId, picks } = readAnswers(input.body);
  const reason = entryReason(campaign, participant, now, false);
  if (reason) throw new AppError(reasonError(reason));
  const situation = await readAnswerSituation(trx, input, attemptId, picks);
  const decision = decideAnswer(situation);
  refuse(decision, 'play');
  const spentOut = budgetSpentOut(situation.budget);
  const read = { entry, attemptId, picks, spentMicros: spentOut ? undefined : situation.budget?.spentMicros };
  return writeAnswer(trx, input, read, decision);
}

/**
 * Reads what an answer decides on, once: the participant's attempt of that id, then, for an
 * attempt still open (the decision refuses the others), the budget spent (when the campaign has a
 * budget) and their wins (when a prize limits them). Stock, budget and code pools are left to the
 * conditional writes of givePrize.
 */
async function readAnswerSituation(
  trx: Transaction<Database>,
  input: ActionInput,
  attemptId: string,
  picks: Record<string, string[]>,
): Promise<AnswerSituation> {
  const { campaign, participant, now } = input;
  const row = await trx
    .selectFrom('play_quiz_attempts')
    .select(['questions', 'deadline', 'answered_at'])
    .where('id', '=', attemptId)
    .where('campaign_id', '=', campaign.row.id)
    .where('participant_id', '=', participant.id)
    .executeTakeFirst();
  const open = row !== undefined && row.answered_at === null;
  return {
    rules: quizRules(campaign),
    prizes: campaign.prizes.map((p) => ({
      ...drawPrizeOf(p),
      unlimitedStock: true,
      minScore: typeof p.minScore === 'number' ? p.minScore : undefined,
    })),
    attempt: row
      ? {
          asked: JSON.parse(row.questions) as string[],
          deadlineMs: row.deadline === null ? null : Date.parse(row.deadline),
          answered: row.answered_at !== null,
        }
      : null,
    picks,
    state: await participantDrawState(trx, campaign, participant, open && limitsWins(campaign)),
    budget: open ? await budgetState(trx, campaign) : null,
    nowMs: now.getTime(),
  };
}

/** The first candidate prize that can be given (stock, budget, a code), or why the last could not. */
async function giveFirstCandidate(
  trx: Transaction<Database>,
  input: ActionInput,
  decision: Extract<AnswerDecision, { refusal: null }>,
  rewardId: string,
) {
  let outcome: GiveOutcome | 'noPrize' | 'timeUp' = decision.outcome;
  for (const prizeId of decision.candidates) {
    const candidate = input.campaign.prizes.find((p) => String(p.id) === prizeId);
    if (!candidate) continue;
    const given = await givePrize(trx, input, candidate, rewardId);
    outcome = given.outcome;
    if (given.outcome === 'win')
      return { outcome, prize: candidate, couponCode: given.couponCode, valueMicros: given.valueMicros };
  }
  return { outcome, prize: undefined, couponCode: null, valueMicros: 0 };
}

/**
 * Writes a decided answer: the candidate prizes are taken in turn (stock, budget, a code) by
 * conditional writes until one is given; the entry counts the answer (and the win), the prize
 * given is recorded with its delivery, the attempt keeps the picks, score and outcome, and the
 * action its result.
 */
async function writeAnswer(
  trx: Transaction<Database>,
  input: ActionInput,
  read: { entry: EntryRow; attemptId: string; picks: Record<string, string[]>; spentMicros?: number },
  decision: Extract<AnswerDecision, { refusal: null }>,
): Promise<ActionOutcome> {
  const { campaign, now } = input;
  const { entry, attemptId, picks } = read;
  const { score, correct } = decision;
  const rewardId = randomId();
  const { outcome, prize, couponCode, valueMicros } = await giveFirstCandidate(
    trx,
    input,
    decision,
    rewardId,
  );
  const spent = prize && read.spentMicros !== undefined ? read.spentMicros + valueMicros : read.spentMicros;

  const after = entryAfter(entry, null, prize !== undefined);
  await saveEntry(trx, input, after);
  let deliveries = 0;
  let reward: RewardRecordRow | undefined;
  if (prize) {
    const written = await recordWin(trx, input, { prize, rewardId, couponCode, valueMicros, entry });
    deliveries = written.deliveries;
    reward = written.record;
  }
  await trx
    .updateTable('play_quiz_attempts')
    .set({
      answered_at: now.toISOString(),
      picks: JSON.stringify(picks),
      score_hundredths: score.hundredths,
      possible_hundredths: score.possibleHundredths,
      correct,
      outcome,
      reward_id: prize ? rewardId : null,
    })
    .where('id', '=', attemptId)
    .where('answered_at', 'is', null)
    .execute();

  const answerPrize = prize ?? thankPrize(campaign);
  const result = {
    attemptId,
    score: score.hundredths / 100,
    possible: score.possibleHundredths / 100,
    correct,
    asked: decision.asked,
    review: score.correct,
    outcome,
    prize: prizeAnswer(answerPrize, campaign),
    rewardId: prize ? rewardId : null,
  };
  const today = playDay(now.getTime(), campaign.timezone);
  await insertAction(
    trx,
    actionRow(
      input,
      {
        result: JSON.stringify(result),
        prize_id: answerPrize ? String(answerPrize.id) : null,
        reward_id: prize ? rewardId : null,
        outcome,
      },
      today,
      entry,
    ),
  );
  return { result, replayed: false, deliveries, entry: after, spentMicros: spent, reward };
}
