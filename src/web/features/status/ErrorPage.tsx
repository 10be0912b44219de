import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { NotFoundPage } from './NotFoundPage';
import { StatusFrame } from './StatusFrame';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return error.statusText || String(error.status);
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : '';
}

/** Routing errors: "Oops!", the apology, and the error's status text or message. */
export function ErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <StatusFrame
      code="!"
      title={t('status:error.title')}
      action={
        <Button type="primary" href="/">
          {t('status:backHome')}
        </Button>
      }
    >
      <p>{t('status:error.subtitle')}</p>
      <p className="gc-status-detail">
        <i>{describe(error)}</i>
      </p>
    </StatusFrame>
  );
}
