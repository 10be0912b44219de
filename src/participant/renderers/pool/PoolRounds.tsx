import { useT } from '../../i18n/texts';
import { formatTime } from '../../page/formatTime';
import { claimable, roundStatusKey, type PoolRound } from './poolState';
import { coinCount } from './coinCount';

interface Props {
  rounds: PoolRound[];
  timezone: string;
  disabled: boolean;
  onClaim(round: PoolRound): void;
}

/** The ended rounds with the player's share: a claim button until the claim time is over. */
export function PoolRounds({ rounds, timezone, disabled, onClaim }: Props) {
  const t = useT();
  return (
    <ul className="gp-invite-recent" aria-label={t('pool.rounds')}>
      {rounds.map((r) => (
        <li key={r.index} data-round={r.index} data-state={r.state}>
          <span>{t('pool.roundShare', { n: r.index + 1, share: coinCount.format(r.share) })}</span>
          {claimable(r) ? (
            <button type="button" className="gp-btn" disabled={disabled} onClick={() => onClaim(r)}>
              {t('pool.claim', { time: formatTime(r.claimUntil, timezone) })}
            </button>
          ) : (
            <span className="gp-muted">{t(roundStatusKey(r))}</span>
          )}
        </li>
      ))}
    </ul>
  );
}
