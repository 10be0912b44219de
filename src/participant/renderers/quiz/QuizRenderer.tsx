import { useEffect, useState } from 'react';
import { useT } from '../../i18n/texts';
import { NOTHING_LANDED, type RendererProps } from '../rendererTypes';
import { ResultDialog } from '../ResultDialog';
import { PrizeFace } from '../PrizeFace';
import type { QuizAnswered, QuizStarted } from './quizTypes';

type Phase =
  | { kind: 'intro' }
  | { kind: 'starting' }
  | { kind: 'asking'; attempt: QuizStarted; index: number; picks: Record<string, string[]> }
  | { kind: 'sending'; attempt: QuizStarted }
  | { kind: 'done'; answered: QuizAnswered; dialog: boolean };

/**
 * The prize quiz: a start button spends a chance and the server asks its questions (never with
 * their answers); one question at a time with radio buttons, or checkboxes when more than one
 * option is right, and a countdown per question when the quiz has a time limit; the answers go
 * to the server, which scores them and names the prize the score reached.
 */
export function QuizRenderer(props: RendererProps) {
  const t = useT();
  const { prizes, disabled, button, act, onLanded, onClaim } = props;
  const [phase, setPhase] = useState<Phase>({ kind: 'intro' });
  const buttonStyle = { background: button.color ?? undefined, color: button.textColor ?? undefined };

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

  if (phase.kind === 'asking') {
    return (
      <QuestionStep
        key={phase.index}
        phase={phase}
        buttonStyle={buttonStyle}
        onPick={(picks) => setPhase({ ...phase, picks })}
        onNext={(picks) =>
          phase.index + 1 < phase.attempt.questions.length
            ? setPhase({ ...phase, picks, index: phase.index + 1 })
            : void send(phase.attempt, picks)
        }
      />
    );
  }
  if (phase.kind === 'sending') {
    return (
      <div className="gp-renderer gp-quiz" data-testid="quiz" aria-busy="true">
        <p className="gp-hint">{t('quiz.sending')}</p>
      </div>
    );
  }
  const done = phase.kind === 'done' ? phase.answered : null;
  return (
    <div className="gp-renderer gp-quiz" data-testid="quiz">
      {done ? (
        <div className="gp-card gp-quiz-score" data-testid="quiz-score" data-score={done.score}>
          <p className="gp-quiz-points">{t('quiz.score', { score: done.score, possible: done.possible })}</p>
          <p>{t('quiz.correct', { correct: done.correct, asked: done.asked })}</p>
          {done.outcome === 'timeUp' ? <p role="alert">{t('quiz.timeUp')}</p> : null}
          {done.outcome === 'noPrize' ? <p>{t('quiz.noPrize')}</p> : null}
        </div>
      ) : (
        // What can be won, with the prizes' pictures.
        <ul className="gp-prize-strip">
          {prizes
            .filter((prize) => !prize.isThank)
            .map((prize) => (
              <li key={prize.id}>
                <PrizeFace prize={prize} />
              </li>
            ))}
        </ul>
      )}
      <button
        type="button"
        className="gp-btn gp-btn-main"
        style={buttonStyle}
        disabled={disabled || phase.kind === 'starting'}
        onClick={() => void start()}
        data-testid="quiz-start"
      >
        {phase.kind === 'starting'
          ? t('quiz.starting')
          : done
            ? t('quiz.again')
            : (button.text ?? t('quiz.start'))}
      </button>
      {phase.kind === 'done' &&
      phase.dialog &&
      done &&
      done.outcome !== 'timeUp' &&
      done.outcome !== 'noPrize' ? (
        <ResultDialog
          result={{ prize: done.prize, rewardId: done.rewardId, reward: done.reward }}
          onClose={() => setPhase({ ...phase, dialog: false })}
          onClaim={onClaim}
        />
      ) : null}
    </div>
  );
}

function QuestionStep(props: {
  phase: Extract<Phase, { kind: 'asking' }>;
  buttonStyle: React.CSSProperties;
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

  const toggle = (optionId: string) => {
    const next = question.multiple
      ? picked.includes(optionId)
        ? picked.filter((id) => id !== optionId)
        : [...picked, optionId]
      : [optionId];
    onPick({ ...picks, [question.id]: next });
  };
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

/** Seconds left on this question (null: no limit); at zero the question moves on by itself. */
function useSecondsLeft(seconds: number, onTimeUp: () => void): number | null {
  const [left, setLeft] = useState(seconds > 0 ? seconds : null);
  useEffect(() => {
    if (left === null) return;
    if (left <= 0) {
      onTimeUp();
      return;
    }
    const timer = setTimeout(() => setLeft(left - 1), 1000);
    return () => clearTimeout(timer);
  });
  return left;
}
