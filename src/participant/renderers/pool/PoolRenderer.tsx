import { useState } from 'react';
import { useT } from '../../i18n/texts';
import { usePage } from '../../blocks/PageContext';
import { formatTime } from '../../page/formatTime';
import type { RendererProps } from '../rendererTypes';
import { coinCount } from './coinCount';
import { PoolRounds } from './PoolRounds';
import { PoolTasks } from './PoolTasks';
import { readPool, stakeOf } from './poolState';
import { usePoolAction } from './usePoolAction';

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
  const { busy, run } = usePoolAction(props);
  if (!state) return null;
  const titles = (props.game.pool?.tasks ?? []) as { id: string; title: string }[];
  const locked = page.editing || (page.reason !== null && page.reason !== 'noChances');
  const stake = stakeOf(coins, state.balance);

  return (
    <div className="gp-renderer gp-pool" data-testid="pool">
      <dl className="gp-invite-stats">
        <div>
          <dt>{t('pool.pool')}</dt>
          <dd>{coinCount.format(state.total)}</dd>
        </div>
        <div>
          <dt>{t('pool.staked')}</dt>
          <dd data-testid="pool-staked">{coinCount.format(state.current?.staked ?? 0)}</dd>
        </div>
        <div>
          <dt>{t('pool.coins')}</dt>
          <dd data-testid="pool-balance">{coinCount.format(state.balance)}</dd>
        </div>
      </dl>
      {state.current ? (
        <div className="gp-pool-stake">
          <p className="gp-hint">
            {t('pool.round', {
              n: state.current.index + 1,
              time: formatTime(state.current.to, campaign.timezone),
              mine: coinCount.format(state.current.mine),
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
            disabled={locked || stake === null || busy !== null}
            onClick={() =>
              void run('stake', 'stake', { coins: stake }, t('pool.stakedNow', { coins: stake ?? 0 })).then(
                () => setCoins(''),
              )
            }
          >
            {t('pool.stake')}
          </button>
        </div>
      ) : (
        <p className="gp-hint">{t('pool.noRound')}</p>
      )}
      {state.tasks.length > 0 ? <PoolTasks tasks={state.tasks} titles={titles} /> : null}
      {state.rounds.length > 0 ? (
        <PoolRounds
          rounds={state.rounds}
          timezone={campaign.timezone}
          disabled={locked || busy !== null}
          onClaim={(r) =>
            void run('claim', 'claimShare', { round: r.index }, t('pool.claimedNow', { share: r.share }))
          }
        />
      ) : null}
    </div>
  );
}
