import { useT } from '../../i18n/texts';
import type { CollectState } from './collectModel';
import type { CollectActions } from './useCollectActions';

/** The player's gifts and requests nobody has answered yet, each with its link to copy again. */
export function OpenTransfers(props: {
  open: CollectState['open'];
  nameOf(id: string | null): string;
  actions: CollectActions;
}) {
  const t = useT();
  if (props.open.length === 0) return null;
  return (
    <ul className="gp-invite-recent" aria-label={t('collect.openList')}>
      {props.open.map((o) => (
        <li key={o.id}>
          <span>
            {o.kind === 'gift'
              ? t('collect.openGift', { name: props.nameOf(o.fragmentId) })
              : t('collect.openAsk', { name: props.nameOf(o.fragmentId) })}
          </span>
          <button
            type="button"
            className="gp-link-button"
            onClick={() => void props.actions.copyTransfer(o.kind, o.id, o.fragmentId)}
          >
            {t('collect.copyAgain')}
          </button>
        </li>
      ))}
    </ul>
  );
}
