import { useT } from '../../i18n/texts';
import { usePage } from '../../blocks/PageContext';
import { formatTime } from '../../page/formatTime';
import type { RendererProps } from '../rendererTypes';
import { PrizeIcon } from '../PrizeFace';

interface ContestState {
  tracksInvites: boolean;
  minInvites: number;
  endsAt: string;
  rankRewards: { rankFrom: number; rankTo: number; prizeId: string }[];
  ranked: number;
  top: { rank: number; name: string; invites: number; me: boolean }[];
  me: { rank: number | null; invites: number } | null;
  settled: boolean;
}

function readContest(progress: Record<string, unknown>): ContestState | null {
  const raw = progress.contest;
  if (!raw || typeof raw !== 'object') return null;
  const c = raw as Partial<ContestState>;
  return {
    tracksInvites: c.tracksInvites === true,
    minInvites: typeof c.minInvites === 'number' ? c.minInvites : 1,
    endsAt: typeof c.endsAt === 'string' ? c.endsAt : '',
    rankRewards: Array.isArray(c.rankRewards) ? c.rankRewards : [],
    ranked: typeof c.ranked === 'number' ? c.ranked : 0,
    top: Array.isArray(c.top) ? c.top : [],
    me: c.me && typeof c.me === 'object' ? c.me : null,
    settled: c.settled === true,
  };
}

/**
 * The invite contest: the ranking of inviters by the invites the server counted during the
 * contest (it updates as invites are counted), the player's own place, and the rank rewards.
 */
export function LeaderboardRenderer(props: RendererProps) {
  const t = useT();
  const { campaign } = usePage();
  const state = readContest(props.progress);
  if (!state) return null;
  const prizeOf = (id: string) => props.prizes.find((p) => p.id === id);
  const prizeName = (id: string) => prizeOf(id)?.name ?? id;
  return (
    <div className="gp-renderer gp-board" data-testid="leaderboard">
      {!state.tracksInvites ? <p className="gp-banner">{t('board.noReferral')}</p> : null}
      <p className="gp-hint">
        {state.settled
          ? t('board.settled')
          : t('board.endsAt', { time: formatTime(state.endsAt, campaign.timezone), count: state.minInvites })}
      </p>
      {state.rankRewards.length > 0 ? (
        <ul className="gp-invite-rewards">
          {state.rankRewards.map((r) => (
            <li key={`${r.rankFrom}-${r.rankTo}`}>
              <PrizeIcon prize={prizeOf(r.prizeId)} />
              {r.rankFrom === r.rankTo
                ? t('board.rewardOne', { rank: r.rankFrom, prize: prizeName(r.prizeId) })
                : t('board.rewardRange', { from: r.rankFrom, to: r.rankTo, prize: prizeName(r.prizeId) })}
            </li>
          ))}
        </ul>
      ) : null}
      {state.me ? (
        <p className="gp-banner" data-testid="board-me">
          {state.me.rank !== null
            ? t('board.mine', { rank: state.me.rank, count: state.me.invites })
            : t('board.notRanked', { count: state.me.invites, min: state.minInvites })}
        </p>
      ) : null}
      {state.top.length > 0 ? (
        <ol className="gp-board-list" aria-label={t('board.title')}>
          {state.top.map((row) => (
            <li key={row.rank} className={row.me ? 'gp-board-me' : undefined}>
              <span className="gp-board-rank">{row.rank}</span>
              <span className="gp-board-name">{row.name}</span>
              <span className="gp-board-count">{t('board.invites', { count: row.invites })}</span>
            </li>
          ))}
        </ol>
      ) : (
        <p className="gp-hint">{t('board.empty')}</p>
      )}
    </div>
  );
}
