import type { PlayPrize } from '../../api/playTypes';
import { useT } from '../../i18n/texts';
import { PrizeIcon } from '../PrizeFace';
import type { CollectState } from './collectState';

interface Props {
  collected: CollectState['prizes'];
  prizes: PlayPrize[];
  nameOf(fragmentId: string): string;
  prizeName(prizeId: string): string;
  disabled: boolean;
  onExchange(prizeId: string): void;
}

/** Each prize with the pieces it needs, and its exchange button once they are all held. */
export function CollectPrizes({ collected, prizes, nameOf, prizeName, disabled, onExchange }: Props) {
  const t = useT();
  return (
    <ul className="gp-collect-prizes">
      {collected.map((p) => {
        const ready = Object.keys(p.missing).length === 0;
        return (
          <li key={p.prizeId} data-prize-id={p.prizeId}>
            <PrizeIcon prize={prizes.find((prize) => prize.id === p.prizeId)} />
            <span className="gp-grow">
              {prizeName(p.prizeId)} · {t('collect.needs', { pieces: p.needs.map(nameOf).join(' + ') })}
            </span>
            <button
              type="button"
              className="gp-btn"
              disabled={!ready || disabled}
              onClick={() => onExchange(p.prizeId)}
            >
              {ready ? t('collect.exchange') : t('collect.missing', { count: Object.keys(p.missing).length })}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
