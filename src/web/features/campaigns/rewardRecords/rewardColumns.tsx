import { Button, Popconfirm, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { holdMove, rewardMove } from './rewardMove';
import type { RewardRow } from './rewardTypes';

const STATUS_COLORS: Record<string, string> = {
  success: 'green',
  pending: 'gold',
  failure: 'red',
  manual: 'blue',
  reissued: 'cyan',
};

interface RewardColumnsInput {
  t: TFunction;
  statusText(value: string): string;
  formatTime(iso: string): string;
  canEdit: boolean;
  /** The ids of the campaign's rewards on hold. */
  held: ReadonlySet<string>;
  onOpen(row: RewardRow): void;
  onMove(row: RewardRow, kind: 'award' | 'reissue'): Promise<void>;
  /** Puts a pending reward on hold or releases a held one (offered to editors only). */
  onHold(row: RewardRow, move: 'hold' | 'release'): Promise<void>;
}

/**
 * The reward records' columns: time, prize, user, status (with why it failed, and whether it is on
 * hold), delivery, coupon, channel, and details plus the operator's award or reissue, and for
 * editors hold or release, each behind a confirmation.
 */
export function rewardColumns(input: RewardColumnsInput): ColumnsType<RewardRow> {
  const { t, statusText, formatTime, canEdit, held, onOpen, onMove, onHold } = input;
  return [
    { title: t('campaigns:rewards.time'), render: (_, r) => formatTime(r.createdAt) },
    { title: t('campaigns:rewards.prize'), dataIndex: 'prizeName' },
    { title: t('campaigns:rewards.user'), render: (_, r) => r.userId ?? r.participantCode },
    {
      title: t('campaigns:rewards.status.title'),
      render: (_, r) => (
        <Space orientation="vertical" size={0}>
          <Space size={4}>
            <Tag color={STATUS_COLORS[r.awardStatus]}>{statusText(r.awardStatus)}</Tag>
            {held.has(r.id) && <Tag color="orange">{t('campaigns:rewards.held')}</Tag>}
          </Space>
          {r.statusDetail && (
            <Typography.Text type="danger" style={{ fontSize: 12 }}>
              {r.statusDetail}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: t('campaigns:rewards.delivery'),
      render: (_, r) =>
        t(`campaigns:rewards.deliveryType.${r.deliveryType}`, { defaultValue: r.deliveryType }),
    },
    { title: t('campaigns:rewards.coupon'), render: (_, r) => r.couponCode ?? '-' },
    { title: t('campaigns:rewards.channel'), render: (_, r) => r.channel ?? '-' },
    {
      title: '',
      render: (_, r) => {
        const kind = rewardMove(r, held.has(r.id));
        const hold = canEdit ? holdMove(r, held.has(r.id)) : null;
        return (
          <Space>
            <Button size="small" type="link" onClick={() => onOpen(r)}>
              {t('campaigns:rewards.details')}
            </Button>
            {kind && (
              <Popconfirm
                title={t(`campaigns:rewards.${kind}Confirm`)}
                okText={t(`campaigns:rewards.${kind}`)}
                cancelText={t('common:cancel')}
                onConfirm={() => onMove(r, kind)}
                disabled={!canEdit}
              >
                <Button size="small" disabled={!canEdit} data-testid={`reward-${kind}`}>
                  {t(`campaigns:rewards.${kind}`)}
                </Button>
              </Popconfirm>
            )}
            {hold && (
              <Popconfirm
                title={t(`campaigns:rewards.${hold}Confirm`)}
                okText={t(`campaigns:rewards.${hold}`)}
                cancelText={t('common:cancel')}
                onConfirm={() => onHold(r, hold)}
              >
                <Button size="small" data-testid={`reward-${hold}`}>
                  {t(`campaigns:rewards.${hold}`)}
                </Button>
              </Popconfirm>
            )}
          </Space>
        );
      },
    },
  ];
}
