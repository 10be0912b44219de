import { Card, Empty, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatCampaignTime } from './formatCampaignTime';
import type { CampaignEvent } from './reportTypes';

interface Props {
  /** Recorded moves from the report; undefined while it loads. */
  history: CampaignEvent[] | undefined;
  loading?: boolean;
}

/** Creation and every status move, with who (or the scheduler) made it. */
export function StatusHistoryCard({ history, loading }: Props) {
  const { t } = useTranslation();
  const events = history ?? [];
  const line = (event: CampaignEvent) => {
    const what = t(`campaigns:history.action.${event.action}`, { defaultValue: event.action });
    const move =
      event.fromStatus && event.toStatus && event.fromStatus !== event.toStatus
        ? ` · ${t(`campaigns:status.${event.fromStatus}`)} → ${t(`campaigns:status.${event.toStatus}`)}`
        : '';
    const who = event.via === 'scheduler' ? t('campaigns:history.scheduler') : (event.actor?.name ?? '');
    return (
      <>
        <Typography.Text type="secondary">{formatCampaignTime(event.at)}</Typography.Text>{' '}
        <Typography.Text strong>{what}</Typography.Text>
        {move}
        {who && <Typography.Text type="secondary"> · {who}</Typography.Text>}
      </>
    );
  };
  return (
    <Card title={t('campaigns:detail.history')} loading={loading} data-testid="status-history">
      {events.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('campaigns:history.none')} />
      ) : (
        <Timeline items={events.map((event) => ({ key: event.id, content: line(event) }))} />
      )}
    </Card>
  );
}
