import { Space, Tabs, Typography } from 'antd';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { CodeBlock } from './CodeBlock';
import { GuideSection } from './GuideSection';
import {
  API_SECRET_VARIABLE,
  attributionCurl,
  CAMPAIGN_PLACEHOLDER,
  eventsCurl,
  handoffNode,
  handoffShell,
  type SampleIds,
} from './httpSnippets';

interface HttpProtocolSectionProps {
  base: string;
  accessKey: string;
  /** The ids the sample event batch and install report carry. */
  sample: SampleIds;
  /** After the event batch is copied: the next copy is a fresh sample. */
  onEventsCopied(): void;
  /** The access token page, where the API secret is. */
  accessTokenPage: string;
}

/**
 * Guide section 2: the HTTP protocol for native apps and servers, as copyable curl for an event
 * batch and an install report, and the signed participant hand-off in Node.js and the shell.
 */
export function HttpProtocolSection(props: HttpProtocolSectionProps) {
  const { base, accessKey, sample, onEventsCopied, accessTokenPage } = props;
  const { t } = useTranslation();
  return (
    <GuideSection index={2} title={t('integration:sdk.start.httpTitle')}>
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          <Trans
            i18nKey="integration:sdk.start.httpHelp"
            values={{ base }}
            components={{ code: <Typography.Text code /> }}
          />
        </Typography.Paragraph>
        <CodeBlock
          testId="sdk-curl-events"
          label={t('integration:sdk.start.eventsCurl')}
          code={eventsCurl(base, accessKey, sample)}
          onCopy={onEventsCopied}
        />
        <CodeBlock
          testId="sdk-curl-attribution"
          label={t('integration:sdk.start.attributionCurl')}
          code={attributionCurl(base, accessKey, sample)}
        />
        <Typography.Text strong>{t('integration:sdk.start.handoffTitle')}</Typography.Text>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          <Trans
            i18nKey="integration:sdk.start.handoffHelp"
            values={{ variable: API_SECRET_VARIABLE, campaign: CAMPAIGN_PLACEHOLDER }}
            components={{ code: <Typography.Text code />, page: <Link to={accessTokenPage} /> }}
          />
        </Typography.Paragraph>
        <Tabs
          size="small"
          items={[
            {
              key: 'node',
              label: 'Node.js',
              children: (
                <CodeBlock
                  testId="sdk-handoff-node"
                  label={t('integration:sdk.start.handoffNode')}
                  code={handoffNode(base)}
                />
              ),
            },
            {
              key: 'shell',
              label: t('integration:sdk.start.shell'),
              children: (
                <CodeBlock
                  testId="sdk-handoff-shell"
                  label={t('integration:sdk.start.handoffShell')}
                  code={handoffShell(base)}
                />
              ),
            },
          ]}
        />
      </Space>
    </GuideSection>
  );
}
