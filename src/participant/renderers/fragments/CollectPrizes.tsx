import type { PlayPrize } from '../../api/playTypes';
import { useT } from '../../i18n/texts';
import { usePage } from '../../blocks/PageContext';
import { PrizeIcon } from '../PrizeFace';
import type { CollectState } from './collectModel';
import type { CollectActions } from './useCollectActions';

/** Each prize with the pieces it needs and its exchange button, enabled once they are all held. */
export function CollectPrizes(props: {
  wanted: CollectState['prizes'];
  prizes: PlayPrize[];
  nameOf(id: string | null): string;
  actions: CollectActions;
  locked: boolean;
}) {
  const t = useT();
  const page = usePage();
  const { actions } = props;
  const prizeName = (id: string) => props.prizes.find((p) => p.id === id)?.name ?? id;
  return (
    <ul className="gp-collect-prizes">
      {props.wanted.map((p) => {
        const ready = Object.keys(p.missing).length === 0;
        return (
          <li key={p.prizeId} data-prize-id={p.prizeId}>
            <PrizeIcon prize={props.prizes.find((prize) => prize.id === p.prizeId)} />
            <span className="gp-grow">
              {prizeName(p.prizeId)} · {t('collect.needs', { pieces: p.needs.map(props.nameOf).join(' + ') })}
            </span>
            <button
              type="button"
              className="gp-btn"
              disabled={!ready || actions.busy !== null || props.locked}
              onClick={() =>
                void actions.run('exchange', 'exchange', { prizeId: p.prizeId }, () =>
                  page.say(t('collect.exchanged', { prize: prizeName(p.prizeId) })),
                )
              }
            >
              {ready ? t('collect.exchange') : t('collect.missing', { count: Object.keys(p.missing).length })}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
