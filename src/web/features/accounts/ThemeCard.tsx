import { Button, Card, ColorPicker, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEFAULT_THEME_COLOR } from '../../session/storageKeys';
import { useSession } from '../../session/useSession';

const presets = [
  DEFAULT_THEME_COLOR,
  'rgb(22,119,255)',
  'rgb(19,194,194)',
  'rgb(82,196,26)',
  'rgb(250,140,22)',
  'rgb(235,47,150)',
];

/** The console's primary colour, kept in the browser. */
export function ThemeCard() {
  const { t } = useTranslation();
  const { themeColor, setThemeColor } = useSession();
  return (
    <Card title={t('accounts:theme.title')} className="gc-fill">
      <Typography.Paragraph type="secondary">{t('accounts:theme.description')}</Typography.Paragraph>
      <Space wrap>
        <ColorPicker
          aria-label={t('accounts:theme.title')}
          value={themeColor}
          format="rgb"
          disabledAlpha
          showText
          presets={[{ label: t('accounts:theme.presets'), colors: presets }]}
          onChangeComplete={(color) => setThemeColor(color.toRgbString().replace(/\s/g, ''))}
        />
        <Button
          onClick={() => setThemeColor(DEFAULT_THEME_COLOR)}
          disabled={themeColor === DEFAULT_THEME_COLOR}
        >
          {t('accounts:theme.reset')}
        </Button>
      </Space>
    </Card>
  );
}
