import type { CSSProperties } from 'react';
import type { PlayPrize, RewardView } from '../../api/playTypes';
import { useT } from '../../i18n/texts';
import { ResultDialog } from '../ResultDialog';
import { PrizeFace } from '../PrizeFace';
import { showsPrize, type QuizPhase } from './quizModel';
import { QuizScore } from './QuizScore';

/**
 * The quiz between attempts: what can be won (before the first) or the last score, the start
 * button ("Try again" after a score), and the prize the score reached in the result dialog.
 */
export function QuizStart(props: {
  phase: Exclude<QuizPhase, { kind: 'asking' | 'sending' }>;
  prizes: PlayPrize[];
  disabled: boolean;
  buttonText: string | null | undefined;
  buttonStyle: CSSProperties;
  onStart(): void;
  onCloseDialog(): void;
  onClaim(reward: RewardView): void;
}) {
  const t = useT();
  const { phase } = props;
  const done = phase.kind === 'done' ? phase.answered : null;
  return (
    <div className="gp-renderer gp-quiz" data-testid="quiz">
      {done ? (
        <QuizScore done={done} />
      ) : (
        // What can be won, with the prizes' pictures.
        <ul className="gp-prize-strip">
          {props.prizes
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
        style={props.buttonStyle}
        disabled={props.disabled || phase.kind === 'starting'}
        onClick={props.onStart}
        data-testid="quiz-start"
      >
        {phase.kind === 'starting'
          ? t('quiz.starting')
          : done
            ? t('quiz.again')
            : (props.buttonText ?? t('quiz.start'))}
      </button>
      {phase.kind === 'done' && phase.dialog && showsPrize(phase.answered) ? (
        <ResultDialog
          result={{
            prize: phase.answered.prize,
            rewardId: phase.answered.rewardId,
            reward: phase.answered.reward,
          }}
          onClose={props.onCloseDialog}
          onClaim={props.onClaim}
        />
      ) : null}
    </div>
  );
}
