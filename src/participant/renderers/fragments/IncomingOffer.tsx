import { useT } from '../../i18n/texts';
import { usePage } from '../../blocks/PageContext';
import { withoutIncoming, type Incoming } from './collectModel';
import type { CollectActions } from './useCollectActions';

/**
 * The gift or request the page was opened with and the button that takes the gift or gives the
 * piece asked for; once done, the address forgets it.
 */
export function IncomingOffer(props: {
  incoming: Incoming;
  nameOf(id: string | null): string;
  actions: CollectActions;
  locked: boolean;
  onDone(): void;
}) {
  const t = useT();
  const page = usePage();
  const { incoming, actions } = props;
  const gift = incoming.kind === 'gift';
  return (
    <div className="gp-banner gp-collect-incoming" data-testid="collect-incoming">
      <p>
        {gift
          ? t('collect.giftFor', { name: props.nameOf(incoming.fragmentId) })
          : t('collect.askFrom', { name: props.nameOf(incoming.fragmentId) })}
      </p>
      <button
        type="button"
        className="gp-btn gp-btn-main"
        disabled={actions.busy !== null || props.locked}
        onClick={() =>
          void actions.run('incoming', gift ? 'claimGift' : 'giveAsked', { transferId: incoming.id }, () => {
            page.say(gift ? t('collect.giftTaken') : t('collect.askAnswered'));
            window.history.replaceState(null, '', withoutIncoming(window.location.href));
            props.onDone();
          })
        }
      >
        {gift ? t('collect.takeGift') : t('collect.giveAsked')}
      </button>
    </div>
  );
}
