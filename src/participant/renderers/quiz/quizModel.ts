import type { QuizAnswered, QuizStarted } from './quizTypes';

/** Where the quiz is: before a start, starting, asking a question, sending the answers, scored. */
export type QuizPhase =
  | { kind: 'intro' }
  | { kind: 'starting' }
  | { kind: 'asking'; attempt: QuizStarted; index: number; picks: Record<string, string[]> }
  | { kind: 'sending'; attempt: QuizStarted }
  | { kind: 'done'; answered: QuizAnswered; dialog: boolean };

/** A tap on an option: a checkbox toggles it among the picks, a radio button picks it alone. */
export function togglePick(picked: readonly string[], optionId: string, multiple: boolean): string[] {
  if (!multiple) return [optionId];
  return picked.includes(optionId) ? picked.filter((id) => id !== optionId) : [...picked, optionId];
}

/** The score opens the result dialog only for a prize (not when time ran out or none was reached). */
export const showsPrize = (answered: QuizAnswered) =>
  answered.outcome !== 'timeUp' && answered.outcome !== 'noPrize';
