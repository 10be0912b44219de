import { useState } from 'react';
import { Alert, Button, Card, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { projectPath } from '../../../app/routeTable';
import { useSession } from '../../../session/useSession';
import type { AccessKeyInfo, IntegrationStatus } from '../integrationTypes';
import { ApiDocsSection } from './ApiDocsSection';
import { ConnectionDetails } from './ConnectionDetails';
import { FirstEventCheck } from './FirstEventCheck';
import { freshSample } from './httpSnippets';
import { HttpProtocolSection } from './HttpProtocolSection';
import { hasReceived } from './integrationSteps';
import { WebSdkSection } from './WebSdkSection';

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
            <ConnectionDetails base={base} accessKey={accessKey} accessTokenPage={accessTokenPage} />
            <WebSdkSection base={base} accessKey={accessKey} />
            <HttpProtocolSection
              base={base}
              accessKey={accessKey}
              sample={sample}
              onEventsCopied={() =>
                setSample((previous) => ({ ...freshSample(), deviceId: previous.deviceId }))
              }
              accessTokenPage={accessTokenPage}
            />
            <ApiDocsSection />
          </>
        )}
      </Space>
    </Card>
  );
}
