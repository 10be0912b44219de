import { useT } from '../../i18n/texts';
import type { Incoming } from './collectState';

interface Props {
  incoming: Incoming;
  name: string;
  disabled: boolean;
  onAnswer(): void;
}

/** The gift to take or the request to answer that this page was opened with. */
export function IncomingBanner({ incoming, name, disabled, onAnswer }: Props) {
  const t = useT();
  return (
    <div className="gp-banner gp-collect-incoming" data-testid="collect-incoming">
      <p>{incoming.kind === 'gift' ? t('collect.giftFor', { name }) : t('collect.askFrom', { name })}</p>
      <button type="button" className="gp-btn gp-btn-main" disabled={disabled} onClick={onAnswer}>
        {incoming.kind === 'gift' ? t('collect.takeGift') : t('collect.giveAsked')}
      </button>
    </div>
  );
}
