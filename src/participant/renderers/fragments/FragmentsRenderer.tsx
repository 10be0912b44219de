import { useState } from 'react';
import { useT } from '../../i18n/texts';
import { usePage } from '../../blocks/PageContext';
import type { RendererProps } from '../rendererTypes';
import { incomingOf, readCollect, type FragmentView } from './collectModel';
import { useCollectActions } from './useCollectActions';
import { IncomingOffer } from './IncomingOffer';
import { FragmentGrid } from './FragmentGrid';
import { CollectPrizes } from './CollectPrizes';
import { OpenTransfers } from './OpenTransfers';

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
  const actions = useCollectActions(props);
  const [latest, setLatest] = useState<string | null>(null);
  const [incoming, setIncoming] = useState(() => (page.editing ? null : incomingOf(window.location.search)));
  if (!state) return null;
  // Running out of chances stops draws only: pieces held can still be given and exchanged.
  const locked = page.editing || (page.reason !== null && page.reason !== 'noChances');
  const nameOf = (id: string | null) => fragments.find((f) => f.id === id)?.name ?? id ?? '';

  return (
    <div className="gp-renderer gp-collect" data-testid="fragments">
      {incoming ? (
        <IncomingOffer
          incoming={incoming}
          nameOf={nameOf}
          actions={actions}
          locked={locked}
          onDone={() => setIncoming(null)}
        />
      ) : null}
      <FragmentGrid
        fragments={fragments}
        inventory={state.inventory}
        latest={latest}
        actions={actions}
        locked={locked}
      />
      <button
        type="button"
        className="gp-btn gp-btn-main"
        style={{ background: props.button.color ?? undefined, color: props.button.textColor ?? undefined }}
        disabled={actions.busy !== null || props.disabled}
        data-testid="collect-draw"
        onClick={() =>
          void actions.run<{ fragmentId: string }>('draw', 'drawFragment', {}, (r) => {
            setLatest(r.fragmentId);
            page.say(t('collect.got', { name: nameOf(r.fragmentId) }));
          })
        }
      >
        {props.button.text ?? t('collect.draw')}
      </button>
      <CollectPrizes
        wanted={state.prizes}
        prizes={props.prizes}
        nameOf={nameOf}
        actions={actions}
        locked={locked}
      />
      <OpenTransfers open={state.open} nameOf={nameOf} actions={actions} />
    </div>
  );
}
