import { useT } from '../../i18n/texts';
import type { RendererProps } from '../rendererTypes';
import { ResultDialog } from '../ResultDialog';
import { PrizeFace } from '../PrizeFace';
import { showsPrize } from './quizModel';
import { useQuizRound } from './useQuizRound';
import { QuestionStep } from './QuestionStep';
import { QuizScore } from './QuizScore';

/**
 * The prize quiz: a start button spends a chance and the server asks its questions (never with
 * their answers); one question at a time with radio buttons, or checkboxes when more than one
 * option is right, and a countdown per question when the quiz has a time limit; the answers go
 * to the server, which scores them and names the prize the score reached.
 */
export function QuizRenderer(props: RendererProps) {
  const t = useT();
  const { prizes, disabled, button, onClaim } = props;
  const { phase, start, pick, next, closeDialog } = useQuizRound(props);
  const buttonStyle = { background: button.color ?? undefined, color: button.textColor ?? undefined };

  if (phase.kind === 'asking') {
    return (
      <QuestionStep
        key={phase.index}
        phase={phase}
        buttonStyle={buttonStyle}
        onPick={(picks) => pick(phase, picks)}
        onNext={(picks) => next(phase, picks)}
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
        <QuizScore done={done} />
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
      {phase.kind === 'done' && phase.dialog && showsPrize(phase.answered) ? (
        <ResultDialog
          result={{
            prize: phase.answered.prize,
            rewardId: phase.answered.rewardId,
            reward: phase.answered.reward,
          }}
          onClose={() => closeDialog(phase)}
          onClaim={onClaim}
        />
      ) : null}
    </div>
  );
}
