import { useState } from 'react';
import { Alert, Typography } from 'antd';
import { LoadingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../links/formatTime';
import { callProblemText } from '../callProblemText';
import type { IntegrationStatus } from '../integrationTypes';
import { hasReceived, latestReceived } from './integrationSteps';

/**
 * "Waiting for your first event": while nothing was ever received (the page polls the status
 * meanwhile), a waiting indicator, with the last refused call when there is one; green with the
 * event's name, platform and time as soon as one arrives.
 */
export function FirstEventCheck({ data }: { data: IntegrationStatus }) {
  const { t } = useTranslation();
  const received = hasReceived(data);
  // Waiting when the page opened: the green state then greets the first event.
  const [waitedHere] = useState(!received);

  if (!received) {
    const refused = data.status === 'failed' ? data.lastRequest : null;
    return (
      <Alert
        type={refused ? 'warning' : 'info'}
        showIcon
        icon={<LoadingOutlined spin />}
        data-testid="sdk-first-event"
        data-state="waiting"
        title={t('integration:sdk.firstEvent.waiting')}
        description={
          <>
            <div>{t('integration:sdk.firstEvent.waitingHelp')}</div>
            {refused && (
              <Typography.Text type="danger" data-testid="sdk-first-event-refused">
                {t('integration:sdk.firstEvent.refused', {
                  path: refused.path,
                  status: refused.status,
                  time: formatTime(refused.time),
                })}
                {refused.problem || refused.error
                  ? ` ${callProblemText(t, refused.problem, refused.error)}`
                  : ''}
              </Typography.Text>
            )}
          </>
        }
      />
    );
  }

  const latest = latestReceived(data);
  const name = latest?.name === 'custom' ? t('integration:sdk.firstEvent.customEvent') : (latest?.name ?? '');
  const platform = latest?.platform
    ? t(`integration:platform.${latest.platform}`, { defaultValue: latest.platform })
    : '-';
  const when = latest?.time ? formatTime(latest.time) : (latest?.date ?? '-');
  return (
    <Alert
      type="success"
      showIcon
      data-testid="sdk-first-event"
      data-state="received"
      title={t(waitedHere ? 'integration:sdk.firstEvent.received' : 'integration:sdk.firstEvent.receiving')}
      description={t('integration:sdk.firstEvent.detail', { name, platform, time: when })}
    />
  );
}
