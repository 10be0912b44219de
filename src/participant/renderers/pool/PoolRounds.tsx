import { useT } from '../../i18n/texts';
import { usePage } from '../../blocks/PageContext';
import { formatTime } from '../../page/formatTime';
import { claimable, coinsText, roundStatusKey, type PoolRound } from './poolModel';

/** The ended rounds with the player's share: a claim button until the claim time is over. */
export function PoolRounds(props: {
  rounds: PoolRound[];
  locked: boolean;
  busy: boolean;
  onClaim(round: PoolRound): void;
}) {
  const t = useT();
  const page = usePage();
  if (props.rounds.length === 0) return null;
  return (
    <ul className="gp-invite-recent" aria-label={t('pool.rounds')}>
      {props.rounds.map((r) => (
        <li key={r.index} data-round={r.index} data-state={r.state}>
          <span>{t('pool.roundShare', { n: r.index + 1, share: coinsText(r.share) })}</span>
          {claimable(r) ? (
            <button
              type="button"
              className="gp-btn"
              disabled={props.locked || props.busy}
              onClick={() => props.onClaim(r)}
            >
              {t('pool.claim', { time: formatTime(r.claimUntil, page.campaign.timezone) })}
            </button>
          ) : (
            <span className="gp-muted">{t(roundStatusKey(r))}</span>
          )}
        </li>
      ))}
    </ul>
  );
}
