import type { RewardView } from '../../api/playTypes';

/** A question as the server asks it: never with its answers. */
export interface QuizQuestionView {
  id: string;
  title: string;
  text: string;
  image: string | null;
  /** More than one option is right: checkboxes, not radio buttons. */
  multiple: boolean;
  score: number;
  options: { id: string; text: string }[];
}

/** `startQuiz`'s result. */
export interface QuizStarted {
  attemptId: string;
  questions: QuizQuestionView[];
  secondsPerQuestion: number;
  deadline: string | null;
}

/** `answer`'s result. */
export interface QuizAnswered {
  attemptId: string;
  score: number;
  possible: number;
  correct: number;
  asked: number;
  review: { questionId: string; correct: boolean }[];
  outcome: 'win' | 'noPrize' | 'outOfStock' | 'overBudget' | 'timeUp';
  prize: { id: string | null; name: string; image: string | null; isThank: boolean };
  rewardId: string | null;
  reward: RewardView | null;
}
