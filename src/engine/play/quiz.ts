// The prize quiz's rules (the `quiz` mechanic): which questions an attempt asks, how answers
// score, and which prize a score earns. Pure: the server passes its random source and the clock.
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
 * server gives the first whose stock and budget hold, then the next (SPEC 8: a prize that cannot
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
