import { Alert, Card, Space, Steps, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { projectPath } from '../../../app/routeTable';
import { useSession } from '../../../session/useSession';
import { formatTime } from '../../links/formatTime';
import { linkRoutes } from '../../links/linkRoutes';
import { callProblemText, namesUnknownEvents } from '../callProblemText';
import type { IntegrationStatus } from '../integrationTypes';
import { integrationSteps, type IntegrationStep } from './integrationSteps';
import { statusColours } from './statusColours';

/** The overall SDK status, what keeps it from "complete", and the steps, derived from the status. */
export function SdkStatusCard({ data }: { data: IntegrationStatus }) {
  const { t } = useTranslation();
  const { projectId } = useSession();
  const last = data.lastRequest;
  // Why the last call failed, or which of its events were refused, in the console's language.
  const problem = last ? callProblemText(t, last.problem, last.error) : '';
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
      ...(step.note.key === 'failed' ? { error: problem } : {}),
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
        {data.status === 'failed' && last && (
          <Alert
            type="error"
            showIcon
            data-testid="sdk-last-call"
            title={t('integration:sdk.lastRequestFailed', {
              path: last.path,
              status: last.status,
              time: formatTime(last.time),
            })}
            description={problem || undefined}
          />
        )}
        {data.status !== 'failed' && last?.outcome === 'warning' && (
          // A batch stored except some refused events: a warning naming them, not a failure.
          <Alert
            type="warning"
            showIcon
            data-testid="sdk-last-call"
            title={t('integration:sdk.lastRequestWarning', {
              path: last.path,
              status: last.status,
              time: formatTime(last.time),
            })}
            description={problem}
            action={
              namesUnknownEvents(last.problem) ? (
                <Link to={projectPath(linkRoutes.events, projectId)}>{t('menu:page.events')}</Link>
              ) : undefined
            }
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
