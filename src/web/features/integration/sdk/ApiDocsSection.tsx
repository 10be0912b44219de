import { Typography } from 'antd';
import { ExportOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { GuideSection } from './GuideSection';
import { API_DOCS_PATH } from './httpSnippets';

/** Guide section 3: the OpenAPI reference, opened in a new tab. */
export function ApiDocsSection() {
  const { t } = useTranslation();
  const docsLink = (
    <Typography.Link
      href={API_DOCS_PATH}
      target="_blank"
      rel="noopener noreferrer"
      data-testid="sdk-api-docs"
    >
      {t('integration:sdk.start.docsLink')} <ExportOutlined aria-hidden />
    </Typography.Link>
  );
  return (
    <GuideSection index={3} title={t('integration:sdk.start.docsTitle')}>
      <Typography.Text type="secondary">
        {t('integration:sdk.start.docsHelp')} {docsLink}
      </Typography.Text>
    </GuideSection>
  );
}
