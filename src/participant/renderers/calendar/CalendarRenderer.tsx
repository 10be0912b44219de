import { useT } from '../../i18n/texts';
import { usePage } from '../../blocks/PageContext';
import { ResultDialog } from '../ResultDialog';
import type { RendererProps } from '../rendererTypes';
import { CalendarDays } from './CalendarDays';
import { CheckInSteps } from './CheckInSteps';
import { MakeUpDays } from './MakeUpDays';
import { cycleView, readCheckIn, type CheckInGame } from './checkInState';
import { useCheckIn } from './useCheckIn';

/**
 * The daily sign-in: the cycle's days with their rewards (signed, today, to come), the streak and
 * total, today's button, the missed days one may make up, and the streak and total reward steps.
 */
export function CalendarRenderer(props: RendererProps) {
  const t = useT();
  const page = usePage();
  const state = readCheckIn(props.progress);
  const game = props.game.checkIn as CheckInGame | undefined;
  const { busy, shown, close, checkIn } = useCheckIn(props);
  if (!state || !game) return null;
  const prizeOf = (id: string) => props.prizes.find((p) => p.id === id);
  const prizeName = (id: string) => prizeOf(id)?.name ?? id;
  const locked = page.editing || page.reason !== null || busy;
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
            {cycle.position}/{game.cycleDays}
          </dd>
        </div>
      </dl>
      <CalendarDays game={game} cycle={cycle} prizeOf={prizeOf} prizeName={prizeName} />
      <button
        type="button"
        className="gp-btn gp-btn-main"
        data-testid="checkin-button"
        style={{ background: props.button.color ?? undefined, color: props.button.textColor ?? undefined }}
        disabled={locked || !state.canCheckIn || state.checkedToday}
        onClick={() => void checkIn({})}
      >
        {buttonText}
      </button>
      {state.makeUpDays.length > 0 ? (
        <MakeUpDays game={game} state={state} locked={locked} onMakeUp={(day) => void checkIn({ day })} />
      ) : null}
      {game.consecutive.length > 0 || game.accumulated.length > 0 ? (
        <CheckInSteps
          game={game}
          cycleStreak={cycle.cycleStreak}
          total={state.total}
          prizeOf={prizeOf}
          prizeName={prizeName}
        />
      ) : null}
      {shown ? <ResultDialog result={shown} onClose={close} onClaim={props.onClaim} /> : null}
    </div>
  );
}
