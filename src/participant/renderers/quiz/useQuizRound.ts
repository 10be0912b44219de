import { useState } from 'react';
import { NOTHING_LANDED, type RendererProps } from '../rendererTypes';
import type { QuizPhase } from './quizModel';
import type { QuizAnswered, QuizStarted } from './quizTypes';

/**
 * A quiz attempt: `start` spends a chance and the server asks its questions; `pick` and `next`
 * move through them; after the last the answers go to the server, which scores them. A refusal
 * (said by the page) goes back to the start.
 */
export function useQuizRound({
  disabled,
  act,
  onLanded,
}: Pick<RendererProps, 'disabled' | 'act' | 'onLanded'>) {
  const [phase, setPhase] = useState<QuizPhase>({ kind: 'intro' });

  const start = async () => {
    if (disabled || phase.kind === 'starting') return;
    setPhase({ kind: 'starting' });
    try {
      const attempt = await act<QuizStarted>('startQuiz', {});
      onLanded(NOTHING_LANDED);
      setPhase({ kind: 'asking', attempt, index: 0, picks: {} });
    } catch {
      setPhase({ kind: 'intro' });
    }
  };

  const send = async (attempt: QuizStarted, picks: Record<string, string[]>) => {
    setPhase({ kind: 'sending', attempt });
    try {
      const answered = await act<QuizAnswered>('answer', { attemptId: attempt.attemptId, answers: picks });
      onLanded({ prize: answered.prize, rewardId: answered.rewardId, reward: answered.reward });
      setPhase({ kind: 'done', answered, dialog: true });
    } catch {
      // The page says why (the campaign ended, the attempt was answered from another tab, ...).
      setPhase({ kind: 'intro' });
    }
  };

  /** The picks of the question on show, or the next question (the answers after the last). */
  const pick = (asking: Extract<QuizPhase, { kind: 'asking' }>, picks: Record<string, string[]>) =>
    setPhase({ ...asking, picks });
  const next = (asking: Extract<QuizPhase, { kind: 'asking' }>, picks: Record<string, string[]>) =>
    asking.index + 1 < asking.attempt.questions.length
      ? setPhase({ ...asking, picks, index: asking.index + 1 })
      : void send(asking.attempt, picks);
  const closeDialog = (done: Extract<QuizPhase, { kind: 'done' }>) => setPhase({ ...done, dialog: false });

  return { phase, start, pick, next, closeDialog };
}
