import { useT } from '../../i18n/texts';
import { usePage } from '../../blocks/PageContext';
import type { RendererProps } from '../rendererTypes';
import { useMechanicAction } from '../useMechanicAction';
import { coinsText, readPool } from './poolModel';
import { PoolStake } from './PoolStake';
import { PoolRounds } from './PoolRounds';

/**
 * The coin pool: the player's coins, the running round (pool, coins staked by everyone and by
 * them, a stake field), the tasks that earn coins this round (done in the app), and the ended
 * rounds with their share to claim before the claim time is over.
 */
export function PoolRenderer(props: RendererProps) {
  const t = useT();
  const page = usePage();
  const state = readPool(props.progress);
  const { busy, run } = useMechanicAction(props);
  if (!state) return null;
  const titles = (props.game.pool?.tasks ?? []) as { id: string; title: string }[];
  const locked = page.editing || (page.reason !== null && page.reason !== 'noChances');
  const say = (text: string) => () => page.say(text);

  return (
    <div className="gp-renderer gp-pool" data-testid="pool">
      <dl className="gp-invite-stats">
        <div>
          <dt>{t('pool.pool')}</dt>
          <dd>{coinsText(state.total)}</dd>
        </div>
        <div>
          <dt>{t('pool.staked')}</dt>
          <dd data-testid="pool-staked">{coinsText(state.current?.staked ?? 0)}</dd>
        </div>
        <div>
          <dt>{t('pool.coins')}</dt>
          <dd data-testid="pool-balance">{coinsText(state.balance)}</dd>
        </div>
      </dl>
      <PoolStake
        state={state}
        button={props.button}
        locked={locked}
        busy={busy !== null}
        onStake={(coins) => run('stake', 'stake', { coins }, say(t('pool.stakedNow', { coins })))}
      />
      {state.tasks.length > 0 ? (
        <ul className="gp-collect-prizes" aria-label={t('pool.tasks')}>
          {state.tasks.map((task) => (
            <li key={task.id}>
              <span>
                {titles.find((x) => x.id === task.id)?.title ?? task.id} · +{coinsText(task.coins)}
              </span>
              <span className={task.done ? 'gp-invite-qualified' : 'gp-muted'}>
                {task.done ? t('pool.taskDone') : t('pool.taskInApp')}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      <PoolRounds
        rounds={state.rounds}
        locked={locked}
        busy={busy !== null}
        onClaim={(r) =>
          void run('claim', 'claimShare', { round: r.index }, say(t('pool.claimedNow', { share: r.share })))
        }
      />
    </div>
  );
}
