import { useCallback } from 'react';
import { Alert, Button, Col, Row, Spin, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { useSession } from '../../../session/useSession';
import type { IntegrationStatus } from '../integrationTypes';
import { ConfigurationCard } from './ConfigurationCard';
import { GetStartedCard } from './GetStartedCard';
import { IntegrationEventsCard } from './IntegrationEventsCard';
import { hasReceived } from './integrationSteps';
import { LaunchRecordsCard } from './LaunchRecordsCard';
import { SdkStatusCard } from './SdkStatusCard';
import { SdkVersionCard } from './SdkVersionCard';
import { TestDevicesCard } from './TestDevicesCard';
import { usePolling } from './usePolling';
import '../integration.css';

const STATUS_KEY = '/api/integration/status';
/** How often the status is asked while the project waits for its first event. */
export const FIRST_EVENT_POLL_MS = 3000;

/** SDK integration: how to start, and the progress the server computes from what was received. */
export function SdkIntegratePage() {
  const { t } = useTranslation();
  const { client } = useSession();
  const { data, error, isLoading, isValidating, mutate } = useSWR<IntegrationStatus>(STATUS_KEY);

  // Until something arrives, ask again every few seconds (quietly: no error toast per poll).
  const waiting = data !== undefined && !hasReceived(data);
  const poll = useCallback(
    () =>
      client
        .get<IntegrationStatus>(STATUS_KEY, undefined, { silent: true })
        .then((next) => mutate(next, { revalidate: false })),
    [client, mutate],
  );
  usePolling(waiting, FIRST_EVENT_POLL_MS, poll);

  return (
    <div className="gc-page">
      <div className="gc-page-head">
        <div>
          <Typography.Title level={3}>{t('menu:page.sdkIntegrate')}</Typography.Title>
          <Typography.Text type="secondary">{t('integration:sdk.description')}</Typography.Text>
        </div>
        <Button
          icon={<ReloadOutlined />}
          loading={isValidating}
          onClick={() => void mutate()}
          data-testid="sdk-refresh"
        >
          {t('integration:refresh')}
        </Button>
      </div>
      {error && <Alert type="error" showIcon title={error.message || t('integration:loadFailed')} />}
      {isLoading && <Spin className="gc-page-spin" />}
      {data && (
        <>
          <GetStartedCard data={data} />
          <SdkStatusCard data={data} />
          <SdkVersionCard sdk={data.sdk} />
          <ConfigurationCard data={data} />
          <IntegrationEventsCard data={data} />
          <Row gutter={[16, 16]}>
            <Col xs={24} xl={8}>
              <TestDevicesCard devices={data.testDevices} />
            </Col>
            <Col xs={24} xl={16}>
              <LaunchRecordsCard records={data.launchRecords} />
            </Col>
          </Row>
        </>
      )}
    </div>
  );
}
