import { useEffect, useState } from 'react';
import type { Hotzone } from '../api/playTypes';
import { useT } from '../i18n/texts';
import { tapTarget, usePage } from './PageContext';

/** Width / height of an image once it has loaded (the recommended 750 x 1334 until then). */
export function useImageRatio(src: string | null): number {
  const [ratio, setRatio] = useState(750 / 1334);
  useEffect(() => {
    if (!src) return;
    const image = new Image();
    image.onload = () => {
      if (image.naturalWidth > 0 && image.naturalHeight > 0)
        setRatio(image.naturalWidth / image.naturalHeight);
    };
    image.src = src;
  }, [src]);
  return ratio;
}

/**
 * Tappable areas over an image: x, y, width and height are percentages of the image as shown, so
 * they fit every screen. Each is a link or a button with an accessible name (its label, else
 * "Activity link N"); one with nowhere to go (an unsafe address, a deleted deep link) is left out.
 */
export function Hotzones({ zones, ratio }: { zones: Hotzone[]; ratio: number }) {
  const t = useT();
  const page = usePage();
  const shown = zones
    .map((zone, i) => ({ zone, i, target: tapTarget(zone, page) }))
    .filter(({ target }) => target.href !== undefined || target.onClick !== undefined);
  if (shown.length === 0) return null;
  return (
    <div className="gp-hotzones" style={{ aspectRatio: String(ratio) }}>
      {shown.map(({ zone, i, target }) => {
        const name = zone.label || t('hotzone', { index: i + 1 });
        const style = {
          left: `${zone.x}%`,
          top: `${zone.y}%`,
          width: `${zone.width}%`,
          height: `${zone.height}%`,
        };
        return target.href !== undefined ? (
          <a
            key={i}
            className="gp-hotzone"
            href={target.href}
            aria-label={name}
            data-testid="hotzone"
            style={style}
          />
        ) : (
          <button
            key={i}
            type="button"
            className="gp-hotzone"
            aria-label={name}
            data-testid="hotzone"
            data-action={zone.action}
            style={style}
            onClick={target.onClick}
          />
        );
      })}
    </div>
  );
}

/** An image with its hotzones, at the column's width. */
export function ImageZones({
  src,
  zones,
  alt,
  className,
}: {
  src: string;
  zones: Hotzone[];
  alt: string;
  className?: string;
}) {
  const ratio = useImageRatio(src);
  return (
    <div className={`gp-zoned ${className ?? ''}`}>
      <img src={src} alt={alt} />
      <Hotzones zones={zones} ratio={ratio} />
    </div>
  );
}
