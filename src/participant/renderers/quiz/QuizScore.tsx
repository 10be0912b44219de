import { useT } from '../../i18n/texts';
import type { QuizAnswered } from './quizTypes';

/** The score card: points of the possible, questions right, and why there is no prize when none. */
export function QuizScore({ done }: { done: QuizAnswered }) {
  const t = useT();
  return (
    <div className="gp-card gp-quiz-score" data-testid="quiz-score" data-score={done.score}>
      <p className="gp-quiz-points">{t('quiz.score', { score: done.score, possible: done.possible })}</p>
      <p>{t('quiz.correct', { correct: done.correct, asked: done.asked })}</p>
      {done.outcome === 'timeUp' ? <p role="alert">{t('quiz.timeUp')}</p> : null}
      {done.outcome === 'noPrize' ? <p>{t('quiz.noPrize')}</p> : null}
    </div>
  );
}
