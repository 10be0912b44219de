import { useState, type ReactNode } from 'react';
import { Alert, Button, Card, Descriptions, Space, Tabs, Tag, Typography } from 'antd';
import { ExportOutlined } from '@ant-design/icons';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import useSWR from 'swr';
import { esmSnippet, sdkSnippet } from '../../../../sdk/web/snippet';
import { SDK_VERSION } from '../../../../sdk/web/version';
import { projectPath } from '../../../app/routeTable';
import { useSession } from '../../../session/useSession';
import type { AccessKeyInfo, IntegrationStatus } from '../integrationTypes';
import { CodeBlock } from './CodeBlock';
import { FirstEventCheck } from './FirstEventCheck';
import {
  API_DOCS_PATH,
  API_SECRET_VARIABLE,
  attributionCurl,
  CAMPAIGN_PLACEHOLDER,
  eventsCurl,
  freshSample,
  handoffNode,
  handoffShell,
} from './httpSnippets';
import { hasReceived } from './integrationSteps';

/** Stands in for the access key while it loads or when it cannot be read. */
const KEY_PLACEHOLDER = 'YOUR_ACCESS_KEY';

/**
 * The base URL SDKs and servers call: this console's origin. The server answers the console,
 * the SDK files (/sdk/v1/...), the SDK API and the participant pages on the same origin
 * (PUBLIC_URL, "how the console is reached"), and tells no other address to the console.
 */
export function consoleBase(): string {
  return window.location.origin;
}

function Section({ index, title, children }: { index: number; title: string; children: ReactNode }) {
  return (
    <section className="gc-get-started-section">
      <Typography.Title level={5}>
        <span className="gc-get-started-index">{index}</span>
        {title}
      </Typography.Title>
      {children}
    </section>
  );
}

/**
 * Onboarding from nothing to a first event: the base URL and access key, (1) the web SDK's script
 * tag and ESM import, (2) the HTTP protocol for native apps and servers (an event batch, an
 * install report and the signed participant hand-off, as copyable curl/Node/openssl), (3) the
 * OpenAPI reference; above them the "waiting for your first event" check. The guide starts folded
 * once the project receives events.
 */
export function GetStartedCard({ data }: { data: IntegrationStatus }) {
  const { t } = useTranslation();
  const { projectId } = useSession();
  const keyInfo = useSWR<AccessKeyInfo>('/api/access-key');
  const [open, setOpen] = useState(() => !hasReceived(data));
  const [sample, setSample] = useState(() => freshSample());
  const base = consoleBase();
  const accessKey = keyInfo.data?.accessKey ?? KEY_PLACEHOLDER;
  const accessTokenPage = projectPath('accessToken/:projectId', projectId);

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
    <Card
      title={t('integration:sdk.start.title')}
      data-testid="sdk-get-started"
      extra={
        <Button
          type="link"
          onClick={() => setOpen(!open)}
          aria-expanded={open}
          data-testid="sdk-guide-toggle"
        >
          {t(open ? 'integration:sdk.start.hide' : 'integration:sdk.start.show')}
        </Button>
      }
    >
      <Space orientation="vertical" size={20} style={{ width: '100%' }}>
        <FirstEventCheck data={data} />
        {open && (
          <>
            {keyInfo.error && <Alert type="warning" showIcon title={t('integration:accessKey.loadFailed')} />}
            <Descriptions
              size="small"
              column={1}
              items={[
                {
                  key: 'base',
                  label: t('integration:sdk.start.baseUrl'),
                  children: (
                    <Typography.Text
                      code
                      copyable={{ text: base, tooltips: [t('integration:copy'), t('integration:copied')] }}
                      data-testid="sdk-base-url"
                    >
                      {base}
                    </Typography.Text>
                  ),
                },
                {
                  key: 'key',
                  label: t('integration:accessKey.key'),
                  children: (
                    <Space size={8} wrap>
                      <Typography.Text
                        code
                        copyable={{
                          text: accessKey,
                          tooltips: [t('integration:copy'), t('integration:copied')],
                        }}
                        data-testid="sdk-access-key"
                      >
                        {accessKey}
                      </Typography.Text>
                      <Typography.Text type="secondary">
                        <Trans
                          i18nKey="integration:sdk.start.keyHelp"
                          components={{ page: <Link to={accessTokenPage} /> }}
                        />
                      </Typography.Text>
                    </Space>
                  ),
                },
              ]}
            />

            <Section index={1} title={t('integration:sdk.start.webTitle')}>
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
            </Section>

            <Section index={2} title={t('integration:sdk.start.httpTitle')}>
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
                  onCopy={() => setSample((previous) => ({ ...freshSample(), deviceId: previous.deviceId }))}
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
            </Section>

            <Section index={3} title={t('integration:sdk.start.docsTitle')}>
              <Typography.Text type="secondary">
                {t('integration:sdk.start.docsHelp')} {docsLink}
              </Typography.Text>
            </Section>
          </>
        )}
      </Space>
    </Card>
  );
}
