import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Browser tab title: "<page> · Growth Console", or the product name alone. */
export function useDocumentTitle(page: string | undefined): void {
  const { t } = useTranslation();
  const appName = t('common:appName');
  useEffect(() => {
    document.title = page ? `${page} · ${appName}` : appName;
  }, [page, appName]);
}
