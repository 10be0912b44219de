import type { PlayPrize } from '../../api/playTypes';
import { useT } from '../../i18n/texts';
import { PrizeIcon } from '../PrizeFace';
import type { CheckInGame } from './checkInModel';

/** The streak and total reward steps with how far the player is towards each. */
export function CheckInSteps(props: {
  game: CheckInGame;
  cycleStreak: number;
  total: number;
  prizes: PlayPrize[];
}) {
  const t = useT();
  const { game } = props;
  if (game.consecutive.length === 0 && game.accumulated.length === 0) return null;
  const prizeOf = (id: string) => props.prizes.find((p) => p.id === id);
  const prizeName = (id: string) => prizeOf(id)?.name ?? id;
  const step = (key: string, text: string, prizeId: string, have: number, days: number) => (
    <li key={key}>
      <PrizeIcon prize={prizeOf(prizeId)} />
      <span className="gp-grow">{text}</span>
      <span className={have >= days ? 'gp-invite-qualified' : 'gp-muted'}>
        {Math.min(have, days)}/{days}
      </span>
    </li>
  );
  return (
    <ul className="gp-collect-prizes" aria-label={t('checkIn.steps')}>
      {game.consecutive.map((s) =>
        step(
          `c${s.days}`,
          t('checkIn.consecutiveStep', { days: s.days, prize: prizeName(s.prizeId) }),
          s.prizeId,
          props.cycleStreak,
          s.days,
        ),
      )}
      {game.accumulated.map((s) =>
        step(
          `a${s.days}`,
          t('checkIn.accumulatedStep', { days: s.days, prize: prizeName(s.prizeId) }),
          s.prizeId,
          props.total,
          s.days,
        ),
      )}
    </ul>
  );
}
