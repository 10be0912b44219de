import { useLayoutEffect, useRef, useState } from 'react';
import { Button, Card, Segmented, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { BANNER_HEIGHT, renderBanner, type BannerView } from '../../../../sdk/web/banner/render';
import { useLanguageLabel } from '../useLanguageLabel';
import { bannerLanguages, bannerView } from './bannerView';
import '../turbo.css';

/** What the SDK adds after drawing (showBanner.ts): the host fixed to the banner's side. */
const hostCss = (side: 'top' | 'bottom') =>
  `:host{position:fixed!important;left:0!important;right:0!important;${side}:0!important;z-index:1!important}`;

/**
 * The banner as visitors see it: the SDK's own `renderBanner` draws it into a shadow root inside a
 * phone-sized screen (its fixed position stays inside the screen), over a stand-in page of grey
 * blocks padded by the space the snippet reserves, in the language chosen here (one of the
 * banner's), at the top or bottom as configured. Redrawn on every committed change of the form;
 * the button opens nothing, the close button hides the banner until "show again".
 */
export function BannerPreview({ config }: { config: Record<string, unknown> }) {
  const { t } = useTranslation();
  const languageLabel = useLanguageLabel();
  const host = useRef<HTMLDivElement>(null);
  const root = useRef<ShadowRoot | null>(null);
  const languages = bannerLanguages(config);
  const [chosen, setChosen] = useState<string>();
  const [dismissed, setDismissed] = useState(false);
  const lang = chosen && languages.includes(chosen) ? chosen : (languages[0] ?? 'zh-CN');
  const view = bannerView(config, lang);
  // The effect is keyed by the view's JSON: `view` itself is a new object every render.
  const viewKey = JSON.stringify(view);

  useLayoutEffect(() => {
    if (!host.current) return;
    root.current ??= host.current.attachShadow({ mode: 'open' });
    if (dismissed) {
      root.current.replaceChildren();
      return;
    }
    const shown = JSON.parse(viewKey) as BannerView;
    renderBanner(root.current, shown, { dismiss: () => setDismissed(true) });
    root.current.appendChild(document.createElement('style')).textContent = hostCss(shown.position);
  }, [viewKey, dismissed]);

  const space = dismissed ? 0 : BANNER_HEIGHT;
  return (
    <Card
      size="small"
      title={t('turbo:preview.title')}
      extra={
        languages.length > 1 && (
          <Segmented<string>
            size="small"
            value={lang}
            onChange={setChosen}
            options={languages.map((code) => ({ value: code, label: languageLabel(code) }))}
            aria-label={t('turbo:preview.language')}
            data-testid="turbo-preview-language"
          />
        )
      }
    >
      <Space orientation="vertical" size={8} style={{ width: '100%', alignItems: 'center' }}>
        <div
          className="gc-turbo-phone"
          data-testid="turbo-banner-preview"
          data-position={view.position}
          data-lang={lang}
        >
          <div className="gc-turbo-screen">
            <div
              className="gc-turbo-fake-page"
              aria-hidden="true"
              style={view.position === 'top' ? { paddingTop: space } : { paddingBottom: space }}
            >
              <div className="gc-turbo-fake-bar" />
              <div className="gc-turbo-fake-hero" />
              {[92, 78, 85, 60].map((width) => (
                <div key={width} className="gc-turbo-fake-line" style={{ width: `${width}%` }} />
              ))}
              <div className="gc-turbo-fake-cards">
                <div />
                <div />
              </div>
              {[88, 70, 82, 64, 90].map((width) => (
                <div key={width} className="gc-turbo-fake-line" style={{ width: `${width}%` }} />
              ))}
            </div>
            <div ref={host} data-testid="turbo-banner-host" />
          </div>
        </div>
        {dismissed ? (
          <Button size="small" onClick={() => setDismissed(false)}>
            {t('turbo:preview.showAgain')}
          </Button>
        ) : (
          <Typography.Text type="secondary">{t('turbo:preview.help')}</Typography.Text>
        )}
      </Space>
    </Card>
  );
}
