import type { PlayPrize } from '../../api/playTypes';

/** A prize on a reel: its picture where it has one, else its name. */
export function SlotSymbol({ prize }: { prize: PlayPrize }) {
  return prize.image ? (
    <img className="gp-slots-pic" src={prize.image} alt="" draggable={false} />
  ) : (
    <span className="gp-slots-word">{prize.name}</span>
  );
}
