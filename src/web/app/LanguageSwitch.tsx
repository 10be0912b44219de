import { Button } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSession } from '../session/useSession';

/** Toggles zh-CN / en-US; the label names the language it switches to, in that language. */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { lng, setLng } = useSession();
  const next = lng === 'zhCN' ? 'enUS' : 'zhCN';
  return (
    <Button
      type="text"
      className={className}
      icon={<GlobalOutlined />}
      data-testid="language-switch"
      aria-label={t('common:language.switch')}
      onClick={() => void setLng(next)}
    >
      {t(`common:language.${next}`)}
    </Button>
  );
}
