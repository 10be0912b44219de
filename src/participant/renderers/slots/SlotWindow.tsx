import type { PlayPrize } from '../../api/playTypes';
import { WINDOW_ROWS, stripTransform, type Reel } from './slotReels';
import { SlotSymbol } from './SlotSymbol';

/**
 * The window with the reels and the payline. A reel that has stopped says which prize is on the
 * payline (`data-prize`).
 */
export function SlotWindow(props: { reels: Reel[]; line: (PlayPrize | undefined)[]; moving: boolean }) {
  return (
    <div className="gp-slots-window" aria-hidden="true">
      {props.reels.map((reel, i) => (
        <div
          key={i}
          className="gp-slots-reel"
          data-testid="slots-reel"
          data-reel={i}
          {...(!props.moving ? { 'data-prize': props.line[i]?.id ?? '' } : {})}
        >
          <div
            className="gp-slots-strip"
            style={{
              height: `${reel.strip.length * (100 / WINDOW_ROWS)}%`,
              transform: stripTransform(reel.shift, reel.strip.length),
              transitionDuration: `${reel.ms}ms`,
            }}
          >
            {reel.strip.map((prize, row) => (
              <div key={row} className="gp-slots-cell">
                <SlotSymbol prize={prize} />
              </div>
            ))}
          </div>
        </div>
      ))}
      <span className="gp-slots-payline" />
    </div>
  );
}
