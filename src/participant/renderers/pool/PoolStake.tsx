import { useState } from 'react';
import type { ButtonLook } from '../../api/playTypes';
import { useT } from '../../i18n/texts';
import { usePage } from '../../blocks/PageContext';
import { formatTime } from '../../page/formatTime';
import { coinsText, digitsOnly, stakeOf, type PoolState } from './poolModel';

/** The running round (its end and the player's stake so far) with the stake field and button. */
export function PoolStake(props: {
  state: PoolState;
  button: ButtonLook;
  locked: boolean;
  busy: boolean;
  onStake(coins: number): Promise<void>;
}) {
  const t = useT();
  const page = usePage();
  const [coins, setCoins] = useState('');
  const { state } = props;
  if (!state.current) return <p className="gp-hint">{t('pool.noRound')}</p>;
  const { amount, valid } = stakeOf(coins, state.balance);
  return (
    <div className="gp-pool-stake">
      <p className="gp-hint">
        {t('pool.round', {
          n: state.current.index + 1,
          time: formatTime(state.current.to, page.campaign.timezone),
          mine: coinsText(state.current.mine),
        })}
      </p>
      <input
        className="gp-invite-url"
        inputMode="numeric"
        aria-label={t('pool.amount')}
        placeholder={t('pool.amount')}
        value={coins}
        disabled={props.locked || state.balance === 0}
        onChange={(e) => setCoins(digitsOnly(e.target.value))}
      />
      <button
        type="button"
        className="gp-btn gp-btn-main"
        style={{
          background: props.button.color ?? undefined,
          color: props.button.textColor ?? undefined,
        }}
        disabled={props.locked || !valid || props.busy}
        onClick={() => void props.onStake(amount).then(() => setCoins(''))}
      >
        {t('pool.stake')}
      </button>
    </div>
  );
}
