import { Card, Descriptions, Drawer, Space, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RewardDetail } from './rewardTypes';

interface RewardDetailDrawerProps {
  open: boolean;
  /** The record with its deliveries, once loaded. */
  detail: RewardDetail | undefined;
  statusText(value: string): string;
  formatTime(iso: string): string;
  onClose(): void;
}

/** One reward record: who won what, its status, who awarded it, and every callback attempt. */
export function RewardDetailDrawer({
  open,
  detail,
  statusText,
  formatTime,
  onClose,
}: RewardDetailDrawerProps) {
  const { t } = useTranslation();
  return (
    <Drawer open={open} onClose={onClose} title={t('campaigns:rewards.details')} size="large" destroyOnHidden>
      {detail && (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Descriptions
            column={1}
            size="small"
            items={[
              { key: 'id', label: 'ID', children: detail.id },
              { key: 'prize', label: t('campaigns:rewards.prize'), children: detail.prizeName },
              {
                key: 'user',
                label: t('campaigns:rewards.user'),
                children: detail.userId ?? detail.participantCode,
              },
              {
                key: 'status',
                label: t('campaigns:rewards.status.title'),
                children: statusText(detail.awardStatus),
              },
              ...(detail.statusDetail
                ? [
                    {
                      key: 'detail',
                      label: t('campaigns:rewards.detail'),
                      children: detail.statusDetail,
                    },
                  ]
                : []),
              ...(detail.awardedBy
                ? [
                    {
                      key: 'awarded',
                      label: t('campaigns:rewards.awardedBy'),
                      children: `${detail.awardedBy.name} · ${formatTime(detail.awardedAt ?? '')}`,
                    },
                  ]
                : []),
            ]}
          />
          {detail.deliveries.map((delivery) => (
            <Card
              key={delivery.id}
              size="small"
              title={`${t('campaigns:rewards.callback')} ${delivery.url}`}
              extra={statusText(delivery.state)}
            >
              <Table
                size="small"
                rowKey="attempt"
                pagination={false}
                dataSource={delivery.attempts}
                columns={[
                  { title: '#', dataIndex: 'attempt' },
                  { title: t('campaigns:rewards.time'), render: (_, a) => formatTime(a.at) },
                  { title: 'HTTP', render: (_, a) => a.httpStatus ?? '-' },
                  { title: t('campaigns:rewards.answer'), render: (_, a) => a.answer || a.error || '-' },
                  { title: 'ms', dataIndex: 'durationMs' },
                ]}
              />
            </Card>
          ))}
        </Space>
      )}
    </Drawer>
  );
}
