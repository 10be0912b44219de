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

/**
 * A prize's picture as a small icon beside the text that names it (a day's reward, a board cell,
 * a ladder step); nothing when the prize has no picture or is not in the list.
 */
export function PrizeIcon({ prize }: { prize: Pick<PlayPrize, 'image'> | undefined }) {
  return prize?.image ? <img className="gp-prize-icon" src={prize.image} alt="" /> : null;
}
