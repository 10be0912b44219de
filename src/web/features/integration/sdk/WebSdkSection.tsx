import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { esmSnippet, sdkSnippet } from '../../../../sdk/web/snippet';
import { SDK_VERSION } from '../../../../sdk/web/version';
import { CodeBlock } from './CodeBlock';
import { GuideSection } from './GuideSection';

/** Guide section 1: the web SDK's script tag and ESM import, with this console's base and key. */
export function WebSdkSection({ base, accessKey }: { base: string; accessKey: string }) {
  const { t } = useTranslation();
  return (
    <GuideSection index={1} title={t('integration:sdk.start.webTitle')}>
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Typography.Text type="secondary">
          {t('integration:sdk.start.webHelp')} <Tag>v{SDK_VERSION}</Tag>
        </Typography.Text>
        <CodeBlock
          testId="sdk-snippet-script"
          label={t('integration:sdk.start.scriptTag')}
          code={sdkSnippet({ base, accessKey })}
        />
        <CodeBlock
          testId="sdk-snippet-esm"
          label={t('integration:sdk.start.esm')}
          code={esmSnippet({ base, accessKey })}
        />
      </Space>
    </GuideSection>
  );
}
