import type { CSSProperties } from 'react';
import { useT } from '../../i18n/texts';
import { togglePick, type QuizPhase } from './quizModel';
import { useSecondsLeft } from './useSecondsLeft';

/**
 * One question: where it is in the quiz, its countdown when the quiz has one, its options (radio
 * buttons, or checkboxes when several are right) and "Next" (or "Submit" on the last) once picked.
 */
export function QuestionStep(props: {
  phase: Extract<QuizPhase, { kind: 'asking' }>;
  buttonStyle: CSSProperties;
  onPick(picks: Record<string, string[]>): void;
  onNext(picks: Record<string, string[]>): void;
}) {
  const t = useT();
  const { phase, buttonStyle, onPick, onNext } = props;
  const { attempt, index, picks } = phase;
  const question = attempt.questions[index];
  const last = index + 1 === attempt.questions.length;
  const picked = picks[question.id] ?? [];
  const left = useSecondsLeft(attempt.secondsPerQuestion, () => onNext(picks));

  const toggle = (optionId: string) =>
    onPick({ ...picks, [question.id]: togglePick(picked, optionId, question.multiple) });
  return (
    <div className="gp-renderer gp-quiz" data-testid="quiz" data-question={question.id}>
      <p className="gp-quiz-progress">
        <span>{t('quiz.progress', { index: index + 1, total: attempt.questions.length })}</span>
        {left !== null ? (
          <span role="timer" className={left <= 5 ? 'gp-quiz-hurry' : undefined}>
            {t('quiz.secondsLeft', { seconds: left })}
          </span>
        ) : null}
      </p>
      <fieldset className="gp-card gp-quiz-question">
        <legend>{question.title}</legend>
        {question.text ? <p>{question.text}</p> : null}
        {question.image ? <img className="gp-quiz-image" src={question.image} alt="" /> : null}
        {question.multiple ? <p className="gp-hint">{t('quiz.multiple')}</p> : null}
        {question.options.map((option) => (
          <label
            key={option.id}
            className={`gp-quiz-option${picked.includes(option.id) ? ' gp-quiz-picked' : ''}`}
          >
            <input
              type={question.multiple ? 'checkbox' : 'radio'}
              name={`gp-quiz-${question.id}`}
              checked={picked.includes(option.id)}
              onChange={() => toggle(option.id)}
            />
            <span>{option.text}</span>
          </label>
        ))}
      </fieldset>
      <button
        type="button"
        className="gp-btn gp-btn-main"
        style={buttonStyle}
        disabled={picked.length === 0}
        onClick={() => onNext(picks)}
        data-testid="quiz-next"
      >
        {last ? t('quiz.submit') : t('quiz.next')}
      </button>
    </div>
  );
}
