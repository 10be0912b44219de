import type { PlayPrize } from '../../api/playTypes';
import { useT } from '../../i18n/texts';
import { PrizeIcon } from '../PrizeFace';
import type { CheckInGame, cycleView } from './checkInState';

interface Props {
  game: CheckInGame;
  cycle: ReturnType<typeof cycleView>;
  prizeOf(prizeId: string): PlayPrize | undefined;
  prizeName(prizeId: string): string;
}

/** The days of the cycle with their daily rewards: signed (or made up), today's, to come. */
export function CalendarDays({ game, cycle, prizeOf, prizeName }: Props) {
  const t = useT();
  return (
    <ol className="gp-calendar-days" aria-label={t('checkIn.days')}>
      {Array.from({ length: game.cycleDays }, (_, i) => i + 1).map((position) => {
        const mark = cycle.signed.get(position);
        const reward = game.daily.find((d) => d.day === position);
        const look = cycle.look(position);
        return (
          <li
            key={position}
            className={`gp-calendar-day gp-calendar-${look}`}
            data-day={position}
            data-state={look}
          >
            <span className="gp-calendar-n">{t('checkIn.day', { n: position })}</span>
            {reward ? <PrizeIcon prize={prizeOf(reward.prizeId)} /> : null}
            <span className="gp-calendar-prize">{reward ? prizeName(reward.prizeId) : '\u00a0'}</span>
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
