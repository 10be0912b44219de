import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { StatusFrame } from './StatusFrame';

/** "Not Found" with a way back home. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <StatusFrame
      code="404"
      title={t('status:notFound.title')}
      action={
        <Button type="primary" href="/">
          {t('status:backHome')}
        </Button>
      }
    >
      <p>{t('status:notFound.subtitle')}</p>
    </StatusFrame>
  );
}
