import { useT } from '../../i18n/texts';
import type { FragmentView } from './collectState';

interface Props {
  fragments: FragmentView[];
  inventory: Record<string, number>;
  /** The piece the last draw gave. */
  latest: string | null;
  disabled: boolean;
  onGift(fragmentId: string): void;
  onAsk(fragmentId: string): void;
}

/** The pieces: how many of each the player holds, with a gift (held ones) and a request button. */
export function FragmentPieces({ fragments, inventory, latest, disabled, onGift, onAsk }: Props) {
  const t = useT();
  return (
    <ul className="gp-collect-grid" aria-label={t('collect.mine')}>
      {fragments.map((f) => {
        const count = inventory[f.id] ?? 0;
        return (
          <li
            key={f.id}
            className={`gp-collect-piece${count > 0 ? '' : ' gp-collect-empty'}${latest === f.id ? ' gp-collect-new' : ''}`}
            data-fragment-id={f.id}
            data-count={count}
          >
            {f.image ? <img src={f.image} alt="" /> : null}
            <span>{f.name}</span>
            <strong>×{count}</strong>
            <span className="gp-collect-actions">
              <button
                type="button"
                className="gp-link-button"
                disabled={count === 0 || disabled}
                onClick={() => onGift(f.id)}
              >
                {t('collect.gift')}
              </button>
              <button
                type="button"
                className="gp-link-button"
                disabled={disabled}
                onClick={() => onAsk(f.id)}
              >
                {t('collect.ask')}
              </button>
            </span>
          </li>
        );
      })}
    </ul>
  );
}
