import { useT } from '../../i18n/texts';
import type { RendererProps } from '../rendererTypes';
import { useQuizRound } from './useQuizRound';
import { QuestionStep } from './QuestionStep';
import { QuizStart } from './QuizStart';

/**
 * The prize quiz: a start button spends a chance and the server asks its questions (never with
 * their answers); one question at a time with radio buttons, or checkboxes when more than one
 * option is right, and a countdown per question when the quiz has a time limit; the answers go
 * to the server, which scores them and names the prize the score reached.
 */
export function QuizRenderer(props: RendererProps) {
  const t = useT();
  const { button } = props;
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
  return (
    <QuizStart
      phase={phase}
      prizes={props.prizes}
      disabled={props.disabled}
      buttonText={button.text}
      buttonStyle={buttonStyle}
      onStart={() => void start()}
      onCloseDialog={() => phase.kind === 'done' && closeDialog(phase)}
      onClaim={props.onClaim}
    />
  );
}
