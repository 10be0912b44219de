import { useEffect, useState } from 'react';

/** The QR code of a link as an image address, made in the browser (the library loads on demand). */
export function useQrCode(link: string | null): string | null {
  const [image, setImage] = useState<{ link: string; url: string } | null>(null);
  useEffect(() => {
    if (!link) return;
    let live = true;
    void import('qrcode')
      .then((qr) => qr.toDataURL(link, { margin: 1, width: 320, errorCorrectionLevel: 'M' }))
      .then((url) => {
        if (live) setImage({ link, url });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [link]);
  return image && image.link === link ? image.url : null;
}
