import { useEffect, useState } from 'react';
import { Card, Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { LanguageSwitch } from '../../app/LanguageSwitch';

// Only plain colours are accepted as background, so a crafted link cannot inject CSS (url(), etc.).
const COLOUR = /^(#[0-9a-f]{3}|#[0-9a-f]{6}|rgba?\([\d\s.,%]+\)|[a-z]{3,20})$/i;

function useViewport() {
  const [size, setSize] = useState(() => ({ width: window.innerWidth, height: window.innerHeight }));
  useEffect(() => {
    const onResize = () => setSize({ width: window.innerWidth, height: window.innerHeight });
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return size;
}

/**
 * Web adaptation demo: shows what an embedded H5 page sees: view width and height, the
 * language, the user id and background passed as `?lang=&userId=&bg=`.
 */
export function WebAdaptationDemoPage() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const { width, height } = useViewport();
  const bg = params.get('bg') ?? '';
  const background = COLOUR.test(bg) ? bg : undefined;
  const lang = params.get('lang') || i18n.language;
  const userId = params.get('userId') || t('demo:unset');

  return (
    <div className="gc-demo" style={{ background }} data-testid="web-adaptation-demo">
      <Card className="gc-demo-card" title={t('demo:title')} extra={<LanguageSwitch />}>
        <Typography.Paragraph type="secondary">{t('demo:description')}</Typography.Paragraph>
        <Descriptions
          column={1}
          bordered
          size="small"
          items={[
            { key: 'width', label: t('demo:width'), children: `${width}px` },
            { key: 'height', label: t('demo:height'), children: `${height}px` },
            { key: 'lang', label: t('demo:language'), children: lang },
            { key: 'userId', label: t('demo:userId'), children: userId },
            { key: 'bg', label: t('demo:background'), children: background ?? t('demo:unset') },
          ]}
        />
      </Card>
    </div>
  );
}
