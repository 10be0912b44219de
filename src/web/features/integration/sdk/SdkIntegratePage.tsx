import { Alert, Button, Col, Row, Spin, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import type { IntegrationStatus } from '../integrationTypes';
import { ConfigurationCard } from './ConfigurationCard';
import { IntegrationEventsCard } from './IntegrationEventsCard';
import { LaunchRecordsCard } from './LaunchRecordsCard';
import { SdkStatusCard } from './SdkStatusCard';
import { SdkVersionCard } from './SdkVersionCard';
import { TestDevicesCard } from './TestDevicesCard';
import '../integration.css';

/** SDK integration progress, computed by the server from what the project actually received. */
export function SdkIntegratePage() {
  const { t } = useTranslation();
  const { data, error, isLoading, isValidating, mutate } =
    useSWR<IntegrationStatus>('/api/integration/status');
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
