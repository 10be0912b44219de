import type { ReactNode } from 'react';
import { Alert, Spin } from 'antd';
import { useTranslation } from 'react-i18next';

/** A widget body while its figures load or after they failed to; the body once they are there. */
export function Loading({
  loading,
  error,
  children,
}: {
  loading: boolean;
  error: unknown;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  if (error)
    return (
      <Alert
        type="error"
        showIcon
        title={error instanceof Error && error.message ? error.message : t('analysis:loadFailed')}
      />
    );
  return <Spin spinning={loading}>{children}</Spin>;
}
