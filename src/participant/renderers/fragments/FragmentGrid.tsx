import { useT } from '../../i18n/texts';
import type { FragmentView } from './collectModel';
import type { CollectActions } from './useCollectActions';

/** The pieces with how many are held (the newest drawn one outlined), each with "Give" and "Ask". */
export function FragmentGrid(props: {
  fragments: FragmentView[];
  inventory: Record<string, number>;
  latest: string | null;
  actions: CollectActions;
  locked: boolean;
}) {
  const t = useT();
  const { actions } = props;
  const send = (kind: 'gift' | 'ask', fragmentId: string) =>
    void actions.run<{ transferId: string }>(
      kind,
      kind,
      { fragmentId },
      (r) => void actions.copyTransfer(kind, r.transferId, fragmentId),
    );
  return (
    <ul className="gp-collect-grid" aria-label={t('collect.mine')}>
      {props.fragments.map((f) => {
        const count = props.inventory[f.id] ?? 0;
        return (
          <li
            key={f.id}
            className={`gp-collect-piece${count > 0 ? '' : ' gp-collect-empty'}${props.latest === f.id ? ' gp-collect-new' : ''}`}
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
                disabled={count === 0 || actions.busy !== null || props.locked}
                onClick={() => send('gift', f.id)}
              >
                {t('collect.gift')}
              </button>
              <button
                type="button"
                className="gp-link-button"
                disabled={actions.busy !== null || props.locked}
                onClick={() => send('ask', f.id)}
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
