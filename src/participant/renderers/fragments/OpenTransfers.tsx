import { useT } from '../../i18n/texts';
import type { CollectState } from './collectState';

interface Props {
  open: CollectState['open'];
  nameOf(fragmentId: string): string;
  onCopy(transfer: CollectState['open'][number]): void;
}

/** The player's gifts and requests no friend has answered yet, each link to copy again. */
export function OpenTransfers({ open, nameOf, onCopy }: Props) {
  const t = useT();
  return (
    <ul className="gp-invite-recent" aria-label={t('collect.openList')}>
      {open.map((o) => (
        <li key={o.id}>
          <span>
            {o.kind === 'gift'
              ? t('collect.openGift', { name: nameOf(o.fragmentId) })
              : t('collect.openAsk', { name: nameOf(o.fragmentId) })}
          </span>
          <button type="button" className="gp-link-button" onClick={() => onCopy(o)}>
            {t('collect.copyAgain')}
          </button>
        </li>
      ))}
    </ul>
  );
}
