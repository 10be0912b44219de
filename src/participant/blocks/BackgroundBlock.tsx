import type { BlockView } from '../api/playTypes';
import { Hotzones, useImageRatio } from './ImageZones';
import { usePage } from './PageContext';
import { safeColor } from './safeValues';

/**
 * The page's background (bound to the campaign's `backgroundImage` and `hotzones`): the image at
 * the top of the page behind the blocks, its hotzones over it, and the colour below.
 */
export function BackgroundBlock({ block }: { block: BlockView }) {
  const { campaign } = usePage();
  const image = campaign.page.backgroundImage;
  const ratio = useImageRatio(image);
  return (
    <div
      className="gp-background"
      data-testid="page-background"
      style={{
        backgroundColor: safeColor(block.props.color),
        backgroundImage: image ? `url("${image}")` : undefined,
      }}
    >
      {image ? <Hotzones zones={campaign.page.hotzones} ratio={ratio} /> : null}
    </div>
  );
}
