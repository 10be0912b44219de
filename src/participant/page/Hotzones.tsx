import { useEffect, useState } from 'react';
import type { Hotzone } from '../api/playTypes';
import { useT } from '../i18n/texts';

// Schemes that run code or read local data never become a link, whatever the config holds.
const FORBIDDEN = /^\s*(javascript|vbscript|data|file|about|blob|filesystem|view-source|jar):/i;

export const safeHref = (url: string | null) =>
  url && /^[a-z][a-z0-9+.-]*:\/\/\S+$/i.test(url) && !FORBIDDEN.test(url) ? url : null;

/** Width / height of an image once it has loaded (the recommended 750 x 1334 until then). */
function useImageRatio(src: string | null): number {
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
 * Tappable areas of the background image: x, y, width and height are percentages of the image
 * as the page shows it (full column width, top aligned).
 */
export function Hotzones({ zones, background }: { zones: Hotzone[]; background: string | null }) {
  const t = useT();
  const ratio = useImageRatio(background);
  const links = zones.map((zone) => ({ ...zone, href: safeHref(zone.url) })).filter((zone) => zone.href);
  if (links.length === 0) return null;
  return (
    <div className="gp-hotzones" style={{ aspectRatio: String(ratio) }}>
      {links.map((zone, i) => (
        <a
          key={i}
          className="gp-hotzone"
          href={zone.href as string}
          aria-label={t('hotzone', { index: i + 1 })}
          data-testid="hotzone"
          style={{
            left: `${zone.x}%`,
            top: `${zone.y}%`,
            width: `${zone.width}%`,
            height: `${zone.height}%`,
          }}
        />
      ))}
    </div>
  );
}
