// The prize quiz's rules (the `quiz` mechanic): which questions an attempt asks, how answers
// score, and which prize a score earns. Pure: the server passes its random source and the clock.
import { budgetSpentOut, chanceSpend, type BudgetState, type ChanceSpend, type ChanceState } from './chances';
import { exclusionOf, type DrawPrize, type DrawState } from './draw';
import { shuffled } from './shuffle';

/** A question as the quiz reads it from the config (answers are option ids). */
export interface QuizQuestion {
  id: string;
  options: readonly { id: string }[];
  answers: readonly string[];
  /** Points, at most two decimals. */
  score: number;
}

/** A prize as the quiz ranks it. */
export interface QuizPrize {
  id: string;
  isThank?: boolean;
  /** Lowest score that earns it (the prize's own `minScore`). */
  minScore?: number;
}

/** A configured score line: reaching `score` earns `prizeId` (one line per prize). */
export interface ScoreLine {
  prizeId: string;
  score: number;
}

/** Points as integer hundredths, so sums of two-decimal scores are exact. */
export function scoreHundredths(score: number): number {
  return Math.round(score * 100);
}

/**
 * The questions of one attempt: `count` distinct questions (all of them when `count` is absent or
 * not below the bank) in a random order, by Fisher-Yates with `randomInt(n)` uniform in 0..n-1
 * (the server's crypto source; seeded in tests).
 */
export function pickQuestions(
  questions: readonly QuizQuestion[],
  count: number | undefined,
  randomInt: (n: number) => number,
): string[] {
  const ids = shuffled(
    questions.map((q) => q.id),
    randomInt,
  );
  return count !== undefined && count > 0 && count < ids.length ? ids.slice(0, count) : ids;
}

export interface QuizScore {
  /** Points earned, in hundredths. */
  hundredths: number;
  /** Points the attempt could earn, in hundredths. */
  possibleHundredths: number;
  /** Per asked question, in the order asked: whether the picked options are exactly the answers. */
  correct: { questionId: string; correct: boolean }[];
}

/**
 * Scores an attempt: a question earns its points when the picked option ids are exactly its
 * answers (no more, no fewer; order and repeats do not matter). Only asked questions count;
 * picks for other questions, unknown option ids and unanswered questions earn nothing.
 */
export function scoreQuiz(
  questions: readonly QuizQuestion[],
  asked: readonly string[],
  picks: Readonly<Record<string, readonly string[] | undefined>>,
): QuizScore {
  const byId = new Map(questions.map((q) => [q.id, q]));
  let hundredths = 0;
  let possibleHundredths = 0;
  const correct: QuizScore['correct'] = [];
  for (const id of asked) {
    const question = byId.get(id);
    if (!question) continue;
    const points = scoreHundredths(question.score);
    possibleHundredths += points;
    const picked = new Set(Object.hasOwn(picks, id) ? (picks[id] ?? []) : []);
    const answers = new Set(question.answers);
    const right = picked.size === answers.size && [...answers].every((a) => picked.has(a));
    if (right) hundredths += points;
    correct.push({ questionId: id, correct: right });
  }
  return { hundredths, possibleHundredths, correct };
}

/**
 * The prizes a score reaches, best first: a prize's line is its score line, else its `minScore`;
 * a prize is reached when its line is not above the score. Higher lines come first, equal lines
 * keep the config's order. The thank-you prize and prizes with no line are never reached. The
 * server gives the first whose stock and budget hold, then the next (a prize that cannot
 * be given does not cost the player what the score earned).
 */
export function prizesByScore(
  prizes: readonly QuizPrize[],
  lines: readonly ScoreLine[],
  hundredths: number,
): string[] {
  const lineOf = new Map(lines.map((line) => [line.prizeId, scoreHundredths(line.score)]));
  return prizes
    .map((prize, order) => ({
      id: prize.id,
      order,
      line: prize.isThank
        ? undefined
        : (lineOf.get(prize.id) ??
          (typeof prize.minScore === 'number' ? scoreHundredths(prize.minScore) : undefined)),
    }))
    .filter(
      (p): p is { id: string; order: number; line: number } => p.line !== undefined && p.line <= hundredths,
    )
    .sort((a, b) => b.line - a.line || a.order - b.order)
    .map((p) => p.id);
}

/**
 * When an attempt's answers stop counting: `secondsPerQuestion` for each asked question plus a
 * grace for the network, from the start; null when the quiz has no time limit (0 or absent).
 */
export function quizDeadline(
  startedAtMs: number,
  secondsPerQuestion: number | undefined,
  asked: number,
  graceSeconds = 10,
): number | null {
  if (!secondsPerQuestion || secondsPerQuestion <= 0) return null;
  return startedAtMs + (secondsPerQuestion * asked + graceSeconds) * 1000;
}

type Config = Record<string, unknown>;

const objOf = (value: unknown): Config =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Config) : {};
const listOf = (value: unknown): Config[] => (Array.isArray(value) ? value.map(objOf) : []);
const positiveInt = (value: unknown) =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : undefined;

/** A quiz config's rules as the start and the answer read them. */
export interface QuizRules {
  questions: QuizQuestion[];
  /** Questions an attempt asks; undefined: all of them. */
  perAttempt: number | undefined;
  /** Seconds per asked question; 0: no time limit. */
  secondsPerQuestion: number;
  /** The configured score lines (a line without a score is never reached). */
  lines: ScoreLine[];
}

/**
 * The quiz rules of a config: its question bank (ids, option ids, answers and points; a question
 * without answers has none, without points earns 0), `questionsPerAttempt` and
 * `secondsPerQuestion` (positive integers, else all questions and no time limit) and `scoreLines`.
 */
export function quizRulesOf(config: Config): QuizRules {
  return {
    questions: listOf(config.questions).map((q) => ({
      id: String(q.id),
      options: listOf(q.options).map((o) => ({ id: String(o.id) })),
      answers: Array.isArray(q.answers) ? q.answers.map(String) : [],
      score: typeof q.score === 'number' ? q.score : 0,
    })),
    perAttempt: positiveInt(config.questionsPerAttempt),
    secondsPerQuestion: positiveInt(config.secondsPerQuestion) ?? 0,
    lines: listOf(config.scoreLines).map((l) => ({
      prizeId: String(l.prizeId),
      score: typeof l.score === 'number' ? l.score : Number.POSITIVE_INFINITY,
    })),
  };
}

/** Everything starting an attempt decides on, read before deciding. */
export interface StartSituation {
  rules: QuizRules;
  /** The participant's chances in the quiz's campaign. */
  chances: ChanceState;
  budget: BudgetState;
  /** When the attempt starts. */
  nowMs: number;
}

/** What starting an attempt decided: a refusal, or the chance spent and the questions asked. */
export type StartDecision =
  | { refusal: 'overBudget' | 'noChances' }
  | {
      refusal: null;
      spend: ChanceSpend;
      /** The question ids asked, in the order asked. */
      asked: string[];
      secondsPerQuestion: number;
      /** When answers stop counting; null: no time limit. */
      deadlineMs: number | null;
    };

/**
 * Starting an attempt, decided: refused once the budget is spent, then without a chance left;
 * else a chance is spent and the questions are drawn with `randomInt(n)` (uniform in 0..n-1: the
 * server's crypto source, seeded in tests), with the deadline their time limit gives.
 */
export function decideStart(situation: StartSituation, randomInt: (n: number) => number): StartDecision {
  if (budgetSpentOut(situation.budget)) return { refusal: 'overBudget' };
  const { rules, counters, today } = situation.chances;
  const spend = chanceSpend(rules, counters, today);
  if (!spend) return { refusal: 'noChances' };
  const { questions, perAttempt, secondsPerQuestion } = situation.rules;
  const asked = pickQuestions(questions, perAttempt, randomInt);
  return {
    refusal: null,
    spend,
    asked,
    secondsPerQuestion,
    deadlineMs: quizDeadline(situation.nowMs, secondsPerQuestion, asked.length),
  };
}

/** A prize as the answer ranks and checks it: the draw's prize rules with its `minScore`. */
export type QuizDrawPrize = DrawPrize & QuizPrize;

/** An attempt as the answer reads it. */
export interface QuizAttempt {
  /** The question ids asked, in order. */
  asked: readonly string[];
  /** When answers stop counting; null: no time limit. */
  deadlineMs: number | null;
  answered: boolean;
}

/** Everything answering an attempt decides on, read before deciding. */
export interface AnswerSituation {
  rules: QuizRules;
  /** The campaign's prizes in config order (stock is left to the write: `unlimitedStock`). */
  prizes: readonly QuizDrawPrize[];
  /** The participant's attempt of that id; null when they have none. */
  attempt: QuizAttempt | null;
  /** The options picked per question id. */
  picks: Readonly<Record<string, readonly string[]>>;
  /** The participant's wins and user type (DrawState). */
  state: DrawState;
  budget: BudgetState;
  /** When the answer arrives. */
  nowMs: number;
}

/** What answering an attempt decided: a refusal, or the score and the prizes to try to give. */
export type AnswerDecision =
  | { refusal: 'attemptNotFound' | 'attemptAnswered' }
  | {
      refusal: null;
      /** The answer came after the deadline: it scores nothing. */
      timeUp: boolean;
      score: QuizScore;
      /** Questions asked. */
      asked: number;
      /** Questions answered right. */
      correct: number;
      /**
       * The prizes to give, best first: those the score reaches that the participant may win (per-user
       * maximum, user type, one super prize); the first whose stock, budget and code hold is given.
       */
      candidates: string[];
      /** The outcome when none is given: `timeUp`, `overBudget` (a prize was reached), `noPrize`. */
      outcome: 'timeUp' | 'overBudget' | 'noPrize';
    };

/**
 * Answering an attempt, decided: refused for an attempt the participant does not have, then for
 * one already answered; else the asked questions are scored (nothing after the deadline) and the
 * prizes the score reaches are ranked, best first, without those the participant may not win.
 * Once the budget is spent the answer still counts and no prize is given. Whether a prize is
 * given is the write's (its stock, the budget and its codes, taken by conditional writes).
 */
export function decideAnswer(situation: AnswerSituation): AnswerDecision {
  const { attempt, rules, prizes } = situation;
  if (!attempt) return { refusal: 'attemptNotFound' };
  if (attempt.answered) return { refusal: 'attemptAnswered' };
  const timeUp = attempt.deadlineMs !== null && situation.nowMs > attempt.deadlineMs;
  const score = scoreQuiz(rules.questions, attempt.asked, timeUp ? {} : situation.picks);
  const reached = timeUp ? [] : prizesByScore(prizes, rules.lines, score.hundredths);
  const spentOut = budgetSpentOut(situation.budget);
  const candidates = spentOut
    ? []
    : reached.filter((id) => {
        const prize = prizes.find((p) => p.id === id);
        return prize !== undefined && exclusionOf(prize, situation.state) === null;
      });
  return {
    refusal: null,
    timeUp,
    score,
    asked: attempt.asked.length,
    correct: score.correct.filter((c) => c.correct).length,
    candidates,
    outcome: timeUp ? 'timeUp' : spentOut && reached.length > 0 ? 'overBudget' : 'noPrize',
  };
}
