import { useState } from 'react';
import { useT } from '../../i18n/texts';
import { usePage } from '../../blocks/PageContext';
import { formatTime } from '../../page/formatTime';
import { NOTHING_LANDED, type RendererProps } from '../rendererTypes';

interface PoolState {
  total: number;
  balance: number;
  current: { index: number; to: string; staked: number; mine: number } | null;
  tasks: { id: string; coins: number; done: boolean }[];
  rounds: {
    index: number;
    state: string;
    claimUntil: string;
    share: number;
    mineStaked: number;
    claimed: boolean;
    expired: boolean;
  }[];
}

function readPool(progress: Record<string, unknown>): PoolState | null {
  const raw = progress.pool as Partial<PoolState> | undefined;
  if (!raw || typeof raw !== 'object') return null;
  return {
    total: typeof raw.total === 'number' ? raw.total : 0,
    balance: typeof raw.balance === 'number' ? raw.balance : 0,
    current: raw.current ?? null,
    tasks: Array.isArray(raw.tasks) ? raw.tasks : [],
    rounds: Array.isArray(raw.rounds) ? raw.rounds : [],
  };
}

const number = new Intl.NumberFormat();

/**
 * The coin pool: the player's coins, the running round (pool, coins staked by everyone and by
 * them, a stake field), the tasks that earn coins this round (done in the app), and the ended
 * rounds with their share to claim before the claim time is over.
 */
export function PoolRenderer(props: RendererProps) {
  const t = useT();
  const page = usePage();
  const { campaign } = page;
  const state = readPool(props.progress);
  const [coins, setCoins] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  if (!state) return null;
  const titles = (props.game.pool?.tasks ?? []) as { id: string; title: string }[];
  const locked = page.editing || (page.reason !== null && page.reason !== 'noChances');

  async function run(key: string, action: string, body: object, done: string) {
    if (busy) return;
    setBusy(key);
    try {
      await props.act(action, body);
      page.say(done);
      props.onLanded(NOTHING_LANDED);
    } catch {
      // The page has said why.
    } finally {
      setBusy(null);
    }
  }

  const amount = Number(coins);
  const valid = Number.isInteger(amount) && amount >= 1 && amount <= state.balance;
  return (
    <div className="gp-renderer gp-pool" data-testid="pool">
      <dl className="gp-invite-stats">
        <div>
          <dt>{t('pool.pool')}</dt>
          <dd>{number.format(state.total)}</dd>
        </div>
        <div>
          <dt>{t('pool.staked')}</dt>
          <dd data-testid="pool-staked">{number.format(state.current?.staked ?? 0)}</dd>
        </div>
        <div>
          <dt>{t('pool.coins')}</dt>
          <dd data-testid="pool-balance">{number.format(state.balance)}</dd>
        </div>
      </dl>
      {state.current ? (
        <div className="gp-pool-stake">
          <p className="gp-hint">
            {t('pool.round', {
              n: state.current.index + 1,
              time: formatTime(state.current.to, campaign.timezone),
              mine: number.format(state.current.mine),
            })}
          </p>
          <input
            className="gp-invite-url"
            inputMode="numeric"
            aria-label={t('pool.amount')}
            placeholder={t('pool.amount')}
            value={coins}
            disabled={locked || state.balance === 0}
            onChange={(e) => setCoins(e.target.value.replace(/[^0-9]/g, ''))}
          />
          <button
            type="button"
            className="gp-btn gp-btn-main"
            style={{
              background: props.button.color ?? undefined,
              color: props.button.textColor ?? undefined,
            }}
            disabled={locked || !valid || busy !== null}
            onClick={() =>
              void run('stake', 'stake', { coins: amount }, t('pool.stakedNow', { coins: amount })).then(() =>
                setCoins(''),
              )
            }
          >
            {t('pool.stake')}
          </button>
        </div>
      ) : (
        <p className="gp-hint">{t('pool.noRound')}</p>
      )}
      {state.tasks.length > 0 ? (
        <ul className="gp-collect-prizes" aria-label={t('pool.tasks')}>
          {state.tasks.map((task) => (
            <li key={task.id}>
              <span>
                {titles.find((x) => x.id === task.id)?.title ?? task.id} · +{number.format(task.coins)}
              </span>
              <span className={task.done ? 'gp-invite-qualified' : 'gp-muted'}>
                {task.done ? t('pool.taskDone') : t('pool.taskInApp')}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {state.rounds.length > 0 ? (
        <ul className="gp-invite-recent" aria-label={t('pool.rounds')}>
          {state.rounds.map((r) => (
            <li key={r.index} data-round={r.index} data-state={r.state}>
              <span>{t('pool.roundShare', { n: r.index + 1, share: number.format(r.share) })}</span>
              {r.share > 0 && r.state === 'claiming' && !r.claimed ? (
                <button
                  type="button"
                  className="gp-btn"
                  disabled={locked || busy !== null}
                  onClick={() =>
                    void run(
                      'claim',
                      'claimShare',
                      { round: r.index },
                      t('pool.claimedNow', { share: r.share }),
                    )
                  }
                >
                  {t('pool.claim', { time: formatTime(r.claimUntil, campaign.timezone) })}
                </button>
              ) : (
                <span className="gp-muted">
                  {r.claimed
                    ? t('pool.claimed')
                    : r.expired
                      ? t('pool.expired')
                      : r.state === 'settling'
                        ? t('pool.settling')
                        : r.share > 0
                          ? t('pool.claimOver')
                          : t('pool.noShare')}
                </span>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
