import type { PlayPrize } from '../api/playTypes';

/** A prize as a cell, box or card shows it: its image when it has one, and its name. */
export function PrizeFace({ prize }: { prize: Pick<PlayPrize, 'name' | 'image'> }) {
  return (
    <span className="gp-face">
      {prize.image ? <img src={prize.image} alt="" /> : null}
      <span className="gp-face-name">{prize.name}</span>
    </span>
  );
}
