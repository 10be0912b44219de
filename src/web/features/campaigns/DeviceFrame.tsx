import { useEffect, useRef, useState } from 'react';
import { Spin } from 'antd';
import './campaigns.css';

export type Device = 'mobile' | 'pc';

interface Props {
  device: Device;
  /** The page to show; null while its address is being prepared. */
  src: string | null;
  title: string;
  /** Desktop viewport width in CSS pixels (pc only); the frame scales it down to fit. */
  width?: number;
  /** The address shown in the desktop frame's bar. */
  address?: string;
}

// An iPhone 8 sized viewport: fits a laptop screen with the frame around it.
const PHONE = { width: 375, height: 667 };
const DESKTOP_HEIGHT_RATIO = 10 / 16;

/** The participant page in a phone frame or a desktop browser frame. */
export function DeviceFrame({ device, src, title, width = 1280, address }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const [available, setAvailable] = useState(0);

  useEffect(() => {
    const element = box.current;
    if (!element || device !== 'pc') return;
    const observer = new ResizeObserver(([entry]) => setAvailable(entry.contentRect.width));
    observer.observe(element);
    return () => observer.disconnect();
  }, [device]);

  const page = src ? (
    <iframe
      className="gc-device-page"
      data-testid="preview-frame"
      title={title}
      src={src}
      referrerPolicy="no-referrer"
      style={device === 'pc' ? { width, height: Math.round(width * DESKTOP_HEIGHT_RATIO) } : PHONE}
    />
  ) : (
    <div className="gc-device-wait">
      <Spin />
    </div>
  );

  if (device === 'mobile') {
    return (
      <div className="gc-phone" data-testid="phone-frame">
        <div className="gc-phone-notch" />
        <div className="gc-phone-screen">{page}</div>
      </div>
    );
  }

  const scale = available > 0 ? Math.min(1, available / width) : 1;
  const height = Math.round(width * DESKTOP_HEIGHT_RATIO);
  return (
    <div ref={box} className="gc-desktop-box">
      <div className="gc-desktop" data-testid="desktop-frame" style={{ width: width * scale }}>
        <div className="gc-desktop-bar">
          <span className="gc-desktop-dots" aria-hidden />
          <span className="gc-desktop-address">{address}</span>
        </div>
        <div className="gc-desktop-screen" style={{ height: height * scale }}>
          <div style={{ width, height, transform: `scale(${scale})`, transformOrigin: '0 0' }}>{page}</div>
        </div>
      </div>
    </div>
  );
}
