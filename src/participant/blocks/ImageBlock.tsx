import type { BlockView, Hotzone } from '../api/playTypes';
import { useT } from '../i18n/texts';
import { ImageZones } from './ImageZones';
import { usePage } from './PageContext';
import { designPx, numberProp, safeImage, textProp } from './safeValues';

/** An image in the page column, with rounded corners and hotzones. */
export function ImageBlock({ block }: { block: BlockView }) {
  const { editing } = usePage();
  const t = useT();
  const src = safeImage(block.props.image);
  if (!src) return editing ? <p className="gp-block-empty">{t('blocks.noImage')}</p> : null;
  return (
    <div className="gp-image" style={{ borderRadius: designPx(numberProp(block.props.radius, 16, 0, 48)) }}>
      <ImageZones
        src={src}
        zones={(block.props.hotzones as Hotzone[] | undefined) ?? []}
        alt={textProp(block.props.alt)}
      />
    </div>
  );
}
