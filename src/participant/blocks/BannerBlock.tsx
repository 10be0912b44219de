import type { BlockView, Hotzone } from '../api/playTypes';
import { useT } from '../i18n/texts';
import { ImageZones } from './ImageZones';
import { usePage } from './PageContext';
import { safeImage, textProp } from './safeValues';

/** An image across the whole width of the page, with hotzones. */
export function BannerBlock({ block }: { block: BlockView }) {
  const { editing } = usePage();
  const t = useT();
  const src = safeImage(block.props.image);
  if (!src) return editing ? <p className="gp-block-empty">{t('blocks.noImage')}</p> : null;
  return (
    <ImageZones
      className="gp-banner-image"
      src={src}
      zones={(block.props.hotzones as Hotzone[] | undefined) ?? []}
      alt={textProp(block.props.alt)}
    />
  );
}
