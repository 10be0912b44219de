import { useState } from 'react';
import { useT } from '../../i18n/texts';
import { usePage } from '../../blocks/PageContext';
import { copyText } from '../../page/shareLink';
import type { RendererProps } from '../rendererTypes';
import { CollectPrizes } from './CollectPrizes';
import { FragmentPieces } from './FragmentPieces';
import { IncomingBanner } from './IncomingBanner';
import { OpenTransfers } from './OpenTransfers';
import { incomingOf, readCollect, transferLink, withoutIncoming, type FragmentView } from './collectState';
import { useCollectAction } from './useCollectAction';

/**
 * Fragment collection: the pieces held (a draw button spends a chance; the server picks the
 * piece), each prize with the pieces it needs and an exchange button once they are all held, and
 * gifts and requests between friends through links.
 */
export function FragmentsRenderer(props: RendererProps) {
  const t = useT();
  const page = usePage();
  const state = readCollect(props.progress);
  const fragments: FragmentView[] = props.game.collect?.fragments ?? [];
  const { busy, run } = useCollectAction(props);
  const [latest, setLatest] = useState<string | null>(null);
  const [incoming, setIncoming] = useState(() => (page.editing ? null : incomingOf(window.location.search)));
  if (!state) return null;
  // Running out of chances stops draws only: pieces held can still be given and exchanged.
  const locked = page.editing || (page.reason !== null && page.reason !== 'noChances');
  const nameOf = (id: string | null) => fragments.find((f) => f.id === id)?.name ?? id ?? '';
  const prizeName = (id: string) => props.prizes.find((p) => p.id === id)?.name ?? id;

  const linkFor = (kind: string, id: string, fragmentId: string) =>
    transferLink(page.link, window.location.origin, kind, id, fragmentId);
  const copyLink = async (link: string) => {
    if (await copyText(link)) page.say(t('collect.linkCopied'));
    else page.say(t('share.copyFailed', { url: link }));
  };
  const transfer = (kind: 'gift' | 'ask', fragmentId: string) =>
    void run<{ transferId: string }>(
      kind,
      kind,
      { fragmentId },
      (r) => void copyLink(linkFor(kind, r.transferId, fragmentId)),
    );

  return (
    <div className="gp-renderer gp-collect" data-testid="fragments">
      {incoming ? (
        <IncomingBanner
          incoming={incoming}
          name={nameOf(incoming.fragmentId)}
          disabled={busy !== null || locked}
          onAnswer={() =>
            void run(
              'incoming',
              incoming.kind === 'gift' ? 'claimGift' : 'giveAsked',
              { transferId: incoming.id },
              () => {
                page.say(incoming.kind === 'gift' ? t('collect.giftTaken') : t('collect.askAnswered'));
                withoutIncoming();
                setIncoming(null);
              },
            )
          }
        />
      ) : null}
      <FragmentPieces
        fragments={fragments}
        inventory={state.inventory}
        latest={latest}
        disabled={busy !== null || locked}
        onGift={(fragmentId) => transfer('gift', fragmentId)}
        onAsk={(fragmentId) => transfer('ask', fragmentId)}
      />
      <button
        type="button"
        className="gp-btn gp-btn-main"
        style={{ background: props.button.color ?? undefined, color: props.button.textColor ?? undefined }}
        disabled={busy !== null || props.disabled}
        data-testid="collect-draw"
        onClick={() =>
          void run<{ fragmentId: string }>('draw', 'drawFragment', {}, (r) => {
            setLatest(r.fragmentId);
            page.say(t('collect.got', { name: nameOf(r.fragmentId) }));
          })
        }
      >
        {props.button.text ?? t('collect.draw')}
      </button>
      <CollectPrizes
        collected={state.prizes}
        prizes={props.prizes}
        nameOf={nameOf}
        prizeName={prizeName}
        disabled={busy !== null || locked}
        onExchange={(prizeId) =>
          void run('exchange', 'exchange', { prizeId }, () =>
            page.say(t('collect.exchanged', { prize: prizeName(prizeId) })),
          )
        }
      />
      {state.open.length > 0 ? (
        <OpenTransfers
          open={state.open}
          nameOf={nameOf}
          onCopy={(o) => void copyLink(linkFor(o.kind, o.id, o.fragmentId))}
        />
      ) : null}
    </div>
  );
}
