import { useT } from '../../i18n/texts';
import { usePage } from '../../blocks/PageContext';
import { ResultDialog } from '../ResultDialog';
import type { RendererProps } from '../rendererTypes';
import { cycleView, readCheckIn, type CheckInGame } from './checkInModel';
import { useCheckIn } from './useCheckIn';
import { CheckInDays } from './CheckInDays';
import { MakeUpDays } from './MakeUpDays';
import { CheckInSteps } from './CheckInSteps';

/**
 * The daily sign-in: the cycle's days with their rewards (signed, today, to come), the streak and
 * total, today's button, the missed days one may make up, and the streak and total reward steps.
 */
export function CalendarRenderer(props: RendererProps) {
  const t = useT();
  const page = usePage();
  const state = readCheckIn(props.progress);
  const game = props.game.checkIn as CheckInGame | undefined;
  const checkIn = useCheckIn(props);
  if (!state || !game) return null;
  const locked = page.editing || page.reason !== null || checkIn.busy;
  // Today's check-in starts a new cycle: the grid shows the new one, empty.
  const cycle = cycleView(state);

  const buttonText = state.checkedToday
    ? t('checkIn.signedToday')
    : state.refusal === 'cycleComplete'
      ? t('checkIn.complete')
      : (props.button.text ?? t('checkIn.signIn'));
  return (
    <div className="gp-renderer gp-calendar" data-testid="calendar">
      <dl className="gp-invite-stats">
        <div>
          <dt>{t('checkIn.streak')}</dt>
          <dd data-testid="checkin-streak">{state.streak}</dd>
        </div>
        <div>
          <dt>{t('checkIn.total')}</dt>
          <dd data-testid="checkin-total">{state.total}</dd>
        </div>
        <div>
          <dt>{t('checkIn.cycleDay')}</dt>
          <dd>
            {cycle.fresh ? 0 : state.position}/{game.cycleDays}
          </dd>
        </div>
      </dl>
      <CheckInDays state={state} cycle={cycle} game={game} prizes={props.prizes} />
      <button
        type="button"
        className="gp-btn gp-btn-main"
        data-testid="checkin-button"
        style={{ background: props.button.color ?? undefined, color: props.button.textColor ?? undefined }}
        disabled={locked || !state.canCheckIn || state.checkedToday}
        onClick={() => void checkIn.run({})}
      >
        {buttonText}
      </button>
      <MakeUpDays state={state} game={game} locked={locked} onMakeUp={(day) => void checkIn.run({ day })} />
      <CheckInSteps game={game} cycleStreak={cycle.cycleStreak} total={state.total} prizes={props.prizes} />
      {checkIn.shown ? (
        <ResultDialog result={checkIn.shown} onClose={checkIn.close} onClaim={props.onClaim} />
      ) : null}
    </div>
  );
}
