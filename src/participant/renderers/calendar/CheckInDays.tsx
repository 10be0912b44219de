import type { PlayPrize } from '../../api/playTypes';
import { useT } from '../../i18n/texts';
import { PrizeIcon } from '../PrizeFace';
import { dayLook, type CheckInGame, type CheckInState, type CycleView } from './checkInModel';

/** The cycle's days with their daily reward: signed (or made up), today's to sign, later. */
export function CheckInDays(props: {
  state: CheckInState;
  cycle: CycleView;
  game: CheckInGame;
  prizes: PlayPrize[];
}) {
  const t = useT();
  const { state, cycle, game } = props;
  const prizeOf = (id: string) => props.prizes.find((p) => p.id === id);
  return (
    <ol className="gp-calendar-days" aria-label={t('checkIn.days')}>
      {Array.from({ length: game.cycleDays }, (_, i) => i + 1).map((position) => {
        const mark = cycle.signed.get(position);
        const reward = game.daily.find((d) => d.day === position);
        const look = dayLook(state, cycle, position);
        return (
          <li
            key={position}
            className={`gp-calendar-day gp-calendar-${look}`}
            data-day={position}
            data-state={look}
          >
            <span className="gp-calendar-n">{t('checkIn.day', { n: position })}</span>
            {reward ? <PrizeIcon prize={prizeOf(reward.prizeId)} /> : null}
            <span className="gp-calendar-prize">
              {reward ? (prizeOf(reward.prizeId)?.name ?? reward.prizeId) : '\u00a0'}
            </span>
            <span className="gp-calendar-mark">
              {mark
                ? mark.makeUp
                  ? t('checkIn.madeUp')
                  : t('checkIn.signed')
                : look === 'today'
                  ? t('checkIn.today')
                  : ''}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
