import type { Selectable } from 'kysely';

/** One attempt at a prize quiz (m0008). */
export interface PlayQuizAttemptsTable {
  id: string;
  project_id: string;
  campaign_id: string;
  participant_id: string;
  /** JSON array of the question ids asked, in order. */
  questions: string;
  started_at: string;
  /** When answers stop counting; null = no time limit. */
  deadline: string | null;
  answered_at: string | null;
  /** JSON { questionId: optionIds[] } as answered. */
  picks: string | null;
  score_hundredths: number | null;
  possible_hundredths: number | null;
  /** Questions answered right. */
  correct: number | null;
  /** `win`, `noPrize`, `outOfStock`, `overBudget` or `timeUp`. */
  outcome: string | null;
  reward_id: string | null;
}

declare module '../../db/tables' {
  interface Database {
    play_quiz_attempts: PlayQuizAttemptsTable;
  }
}

export type QuizAttemptRow = Selectable<PlayQuizAttemptsTable>;
