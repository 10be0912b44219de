import { Alert, Card, Space, Steps, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../links/formatTime';
import type { IntegrationStatus } from '../integrationTypes';
import { statusColours } from './statusColours';

/** The overall SDK status, what keeps it from "complete", and the steps done so far. */
export function SdkStatusCard({ data }: { data: IntegrationStatus }) {
  const { t } = useTranslation();
  const configured =
    data.appConfig.android.configured || data.appConfig.ios.configured || data.appConfig.web.configured;
  const received = data.platforms.some((platform) => platform.events > 0);
  const tested = data.testDevices.some((device) => device.lastSeenAt);
  const live = data.status === 'complete';
  const steps = [configured, received, tested, live];
  const current = steps.indexOf(false);

  const reasons = data.reasons.map((reason) => {
    const [kind, platform, event] = reason.split(':');
    if (kind === 'missing')
      return t('integration:sdk.reason.missing', { platform: t(`integration:platform.${platform}`), event });
    return t('integration:sdk.reason.sdkVersionTooLow', { min: data.sdk.minVersion });
  });

  return (
    <Card title={t('integration:sdk.statusTitle')} data-testid="sdk-status-card">
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Space size={12} align="center">
          <Tag color={statusColours[data.status]} className="gc-sdk-status" data-testid="sdk-status">
            {t(`integration:sdk.status.${data.status}`)}
          </Tag>
          <Typography.Text type="secondary">{t(`integration:sdk.statusHelp.${data.status}`)}</Typography.Text>
        </Space>
        {data.status === 'failed' && data.lastRequest && (
          <Alert
            type="error"
            showIcon
            title={t('integration:sdk.lastRequestFailed', {
              path: data.lastRequest.path,
              status: data.lastRequest.status,
              time: formatTime(data.lastRequest.time),
            })}
            description={data.lastRequest.error ?? undefined}
          />
        )}
        {reasons.length > 0 && (
          <ul className="gc-sdk-reasons" data-testid="sdk-reasons">
            {reasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        )}
        <Steps
          size="small"
          current={current === -1 ? steps.length : current}
          items={(['configure', 'receive', 'test', 'live'] as const).map((key, index) => ({
            title: t(`integration:sdk.step.${key}`),
            content: t(`integration:sdk.step.${key}Help`),
            status: steps[index] ? 'finish' : index === current ? 'process' : 'wait',
          }))}
        />
      </Space>
    </Card>
  );
}
