import { Alert, Card, Space, Steps, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../links/formatTime';
import type { IntegrationStatus } from '../integrationTypes';
import { integrationSteps, type IntegrationStep } from './integrationSteps';
import { statusColours } from './statusColours';

/** The overall SDK status, what keeps it from "complete", and the steps, derived from the status. */
export function SdkStatusCard({ data }: { data: IntegrationStatus }) {
  const { t } = useTranslation();
  const platformName = (platform: string) =>
    t(`integration:platform.${platform}`, { defaultValue: platform });
  const { current, steps } = integrationSteps(data);

  const reasons = data.reasons.map((reason) => {
    const [kind, platform, event] = reason.split(':');
    if (kind === 'missing')
      return t('integration:sdk.reason.missing', { platform: platformName(platform), event });
    return t('integration:sdk.reason.sdkVersionTooLow', { min: data.sdk.minVersion });
  });

  const note = (step: IntegrationStep) => {
    const missing = (step.missing ?? []).map(({ platform, event }) => `${platformName(platform)}: ${event}`);
    return t(`integration:sdk.stepNote.${step.note.key}`, {
      ...step.note.values,
      missing: missing.join('; '),
    });
  };

  return (
    <Card title={t('integration:sdk.statusTitle')} data-testid="sdk-status-card">
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Space size={12} align="center" wrap>
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
          current={current}
          data-testid="sdk-steps"
          items={steps.map((step) => ({
            key: step.key,
            title: t(`integration:sdk.step.${step.key}`),
            content: note(step),
            status: step.state,
          }))}
        />
      </Space>
    </Card>
  );
}
