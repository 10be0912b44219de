import type { PlayPrize } from '../../api/playTypes';
import { useT } from '../../i18n/texts';
import { PrizeIcon } from '../PrizeFace';
import type { CheckInGame } from './checkInState';

interface Props {
  game: CheckInGame;
  cycleStreak: number;
  total: number;
  prizeOf(prizeId: string): PlayPrize | undefined;
  prizeName(prizeId: string): string;
}

/** The streak rewards (days in a row this cycle) and total rewards (days ever), with progress. */
export function CheckInSteps({ game, cycleStreak, total, prizeOf, prizeName }: Props) {
  const t = useT();
  return (
    <ul className="gp-collect-prizes" aria-label={t('checkIn.steps')}>
      {game.consecutive.map((step) => (
        <li key={`c${step.days}`}>
          <PrizeIcon prize={prizeOf(step.prizeId)} />
          <span className="gp-grow">
            {t('checkIn.consecutiveStep', { days: step.days, prize: prizeName(step.prizeId) })}
          </span>
          <span className={cycleStreak >= step.days ? 'gp-invite-qualified' : 'gp-muted'}>
            {Math.min(cycleStreak, step.days)}/{step.days}
          </span>
        </li>
      ))}
      {game.accumulated.map((step) => (
        <li key={`a${step.days}`}>
          <PrizeIcon prize={prizeOf(step.prizeId)} />
          <span className="gp-grow">
            {t('checkIn.accumulatedStep', { days: step.days, prize: prizeName(step.prizeId) })}
          </span>
          <span className={total >= step.days ? 'gp-invite-qualified' : 'gp-muted'}>
            {Math.min(total, step.days)}/{step.days}
          </span>
        </li>
      ))}
    </ul>
  );
}
