import type { BlockView } from '../api/playTypes';
import { designPx, numberProp } from './safeValues';

/** Empty space between blocks, in design px. */
export function SpacerBlock({ block }: { block: BlockView }) {
  return (
    <div
      className="gp-spacer"
      aria-hidden="true"
      style={{ height: designPx(numberProp(block.props.height, 40, 8, 400)) }}
    />
  );
}
