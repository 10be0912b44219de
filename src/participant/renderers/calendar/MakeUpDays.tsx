import { useT } from '../../i18n/texts';
import type { CheckInGame, CheckInState } from './checkInModel';

/** The missed days one may make up (free, or with shares), the earliest first. */
export function MakeUpDays(props: {
  state: CheckInState;
  game: CheckInGame;
  locked: boolean;
  onMakeUp(day: string): void;
}) {
  const t = useT();
  const { state, game } = props;
  if (state.makeUpDays.length === 0) return null;
  return (
    <div className="gp-calendar-makeup">
      <p className="gp-hint">
        {game.makeUpShares > 0
          ? t('checkIn.makeUpPaid', { count: game.makeUpShares, left: state.makeUpsLeft ?? 0 })
          : t('checkIn.makeUpFree')}
      </p>
      <ul className="gp-invite-recent">
        {state.makeUpDays.map((day, i) => (
          <li key={day}>
            <span>{day}</span>
            <button
              type="button"
              className="gp-btn"
              // Days fill in order: the earliest missed day first.
              disabled={props.locked || i > 0 || (state.makeUpsLeft !== null && state.makeUpsLeft <= 0)}
              onClick={() => props.onMakeUp(day)}
            >
              {t('checkIn.makeUp')}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
