import { useT } from '../../i18n/texts';
import type { CheckInGame, CheckInState } from './checkInState';

interface Props {
  game: CheckInGame;
  state: CheckInState;
  locked: boolean;
  onMakeUp(day: string): void;
}

/** The missed days one may make up (free, or for shares), the earliest first. */
export function MakeUpDays({ game, state, locked, onMakeUp }: Props) {
  const t = useT();
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
              disabled={locked || i > 0 || (state.makeUpsLeft !== null && state.makeUpsLeft <= 0)}
              onClick={() => onMakeUp(day)}
            >
              {t('checkIn.makeUp')}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
