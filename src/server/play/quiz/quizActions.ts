import { randomInt } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/tables';
import { randomId } from '../../db/randomId';
import { AppError } from '../../errors';
import { exclusionOf } from '../../../engine/play/draw';
import {
  pickQuestions,
  prizesByScore,
  quizDeadline,
  scoreQuiz,
  type QuizQuestion,
} from '../../../engine/play/quiz';
import { playDay } from '../../../engine/play/playDay';
import { drawPrizeOf, entryReason, list, reasonError, type Config, type PlayCampaign } from '../playCampaign';
import {
  actionRow,
  budgetBeforeAction,
  chanceToSpend,
  entryAfter,
  insertAction,
  saveEntry,
  type ActionInput,
  type ActionOutcome,
  type EntryRow,
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

/** The question bank of a quiz campaign as the engine reads it. */
export function quizQuestions(campaign: PlayCampaign): QuizQuestion[] {
  return list(campaign.config.questions).map((q) => ({
    id: String(q.id),
    options: list(q.options).map((o) => ({ id: String(o.id) })),
    answers: Array.isArray(q.answers) ? q.answers.map(String) : [],
    score: typeof q.score === 'number' ? q.score : 0,
  }));
}

const positiveInt = (value: unknown) =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : undefined;

/**
 * Starts an attempt: spends a chance and asks questions drawn by the server (the configured number,
 * in a random order). The stored result names the questions; the route adds their texts and
 * options in the page language, never their answers.
 */
export async function startQuiz(
  trx: Transaction<Database>,
  input: ActionInput,
  entry: EntryRow,
): Promise<ActionOutcome> {
  const { campaign, participant, now } = input;
  const reason = entryReason(campaign, participant, now, false);
  if (reason) throw new AppError(reasonError(reason));
  const spent = await budgetBeforeAction(trx, campaign);
  const spend = chanceToSpend(campaign, entry, now);
  const asked = pickQuestions(
    quizQuestions(campaign),
    positiveInt(campaign.config.questionsPerAttempt),
    (n) => randomInt(n),
  );
  const secondsPerQuestion = positiveInt(campaign.config.secondsPerQuestion) ?? 0;
  const deadlineMs = quizDeadline(now.getTime(), secondsPerQuestion, asked.length);
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
      deadline: deadlineMs === null ? null : new Date(deadlineMs).toISOString(),
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
  const result = {
    attemptId,
    questionIds: asked,
    secondsPerQuestion,
    deadline: deadlineMs === null ? null : new Date(deadlineMs).toISOString(),
  };
  await insertAction(
    trx,
    actionRow(
      input,
      {
        result: JSON.stringify(result),
        chance_bucket: spend.bucket === 'unlimited' ? null : spend.bucket,
        outcome: 'start',
      },
      spend.today,
      entry,
    ),
  );
  return { result, replayed: false, deliveries: 0, entry: after, spentMicros: spent };
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
 * Answers an attempt once: the server scores the questions it asked against the configured
 * answers, then gives the best prize the score reaches whose stock and budget hold (the next one
 * down when not, SPEC 8). Answers after the deadline earn nothing. No chance is spent: starting
 * the attempt spent it.
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
  const attempt = await trx
    .selectFrom('play_quiz_attempts')
    .selectAll()
    .where('id', '=', attemptId)
    .where('campaign_id', '=', campaign.row.id)
    .where('participant_id', '=', participant.id)
    .executeTakeFirst();
  if (!attempt) throw new AppError('play.attemptNotFound');
  if (attempt.answered_at !== null) throw new AppError('play.attemptAnswered');

  const asked = JSON.parse(attempt.questions) as string[];
  const timeUp = attempt.deadline !== null && now.getTime() > Date.parse(attempt.deadline);
  const score = scoreQuiz(quizQuestions(campaign), asked, timeUp ? {} : picks);

  // The prizes the score reaches, best first; the first that can be given is won.
  const lines = list(campaign.config.scoreLines).map((l) => ({
    prizeId: String(l.prizeId),
    score: typeof l.score === 'number' ? l.score : Number.POSITIVE_INFINITY,
  }));
  const ladder = timeUp
    ? []
    : prizesByScore(
        campaign.prizes.map((p) => ({
          id: String(p.id),
          isThank: p.isThank === true,
          minScore: typeof p.minScore === 'number' ? p.minScore : undefined,
        })),
        lines,
        score.hundredths,
      );
  const state = await participantDrawState(
    trx,
    campaign,
    participant,
    ladder.length > 0 && limitsWins(campaign),
  );
  let spent = await budgetBeforeAction(trx, campaign).catch((error: unknown) => {
    // Over budget: the answer still counts, no reward is given (SPEC 8).
    if (error instanceof AppError && error.key === 'play.overBudget') return null;
    throw error;
  });
  const rewardId = randomId();
  let prize: Config | undefined;
  let outcome: GiveOutcome | 'noPrize' | 'timeUp' = timeUp ? 'timeUp' : 'noPrize';
  let couponCode: string | null = null;
  let valueMicros = 0;
  for (const prizeId of spent === null ? [] : ladder) {
    const candidate = campaign.prizes.find((p) => String(p.id) === prizeId);
    if (!candidate) continue;
    if (exclusionOf({ ...drawPrizeOf(candidate), unlimitedStock: true }, state)) continue;
    const given = await givePrize(trx, input, candidate, rewardId);
    outcome = given.outcome;
    if (given.outcome === 'win') {
      prize = candidate;
      couponCode = given.couponCode;
      valueMicros = given.valueMicros;
      break;
    }
  }
  if (spent === null) outcome = ladder.length > 0 ? 'overBudget' : outcome;
  if (prize && typeof spent === 'number') spent += valueMicros;

  const after = entryAfter(entry, null, prize !== undefined);
  await saveEntry(trx, input, after);
  let deliveries = 0;
  let reward: RewardRecordRow | undefined;
  if (prize) {
    const written = await recordWin(trx, input, { prize, rewardId, couponCode, valueMicros, entry });
    deliveries = written.deliveries;
    reward = written.record;
  }
  const correct = score.correct.filter((c) => c.correct).length;
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
    .where('id', '=', attempt.id)
    .where('answered_at', 'is', null)
    .execute();

  const answerPrize = prize ?? thankPrize(campaign);
  const result = {
    attemptId,
    score: score.hundredths / 100,
    possible: score.possibleHundredths / 100,
    correct,
    asked: asked.length,
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
  return {
    result,
    replayed: false,
    deliveries,
    entry: after,
    spentMicros: spent ?? undefined,
    reward,
  };
}
