import { Progress, Space, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { QuestionCircleOutlined } from '@ant-design/icons';
import type { TFunction } from 'i18next';
import { formatNumber } from '../../../charts/formatNumber';
import { formatRate } from '../../turbo/report/bannerReportRows';
import type { ShareReason, StrategyShareUrl } from '../adsTypes';
import { sharePercent } from './sharesView';

const reasonColors: Record<ShareReason, string> = {
  exploring: 'blue',
  leading: 'green',
  floor: 'orange',
  trailing: 'default',
};

interface ShareColumnsInput {
  t: TFunction;
  /** AI distribution: the chance of being best and the reason instead of the set ratio. */
  ai: boolean;
  /** The report currency of income per serve. */
  currency: string;
  formatMoney(micros: number, currency: string): string;
}

/**
 * A strategy's shares table: URL, share now, the set ratio (custom distribution), the last days'
 * serves, clicks and income per serve, and for AI distribution the chance the URL is the best and
 * the reason for its share.
 */
export function shareColumns({
  t,
  ai,
  currency,
  formatMoney,
}: ShareColumnsInput): ColumnsType<StrategyShareUrl> {
  return [
    {
      title: t('ads:shares.url'),
      dataIndex: 'url',
      ellipsis: true,
      render: (url: string) => (
        <Typography.Text copyable={{ text: url }} ellipsis>
          {url}
        </Typography.Text>
      ),
    },
    {
      title: t('ads:shares.share'),
      dataIndex: 'share',
      width: 200,
      render: (share: number) => (
        <Progress percent={sharePercent(share)} size="small" format={(percent) => `${percent}%`} />
      ),
    },
    ...(ai
      ? []
      : [
          {
            title: t('ads:shares.ratio'),
            dataIndex: 'ratio',
            width: 90,
            align: 'right' as const,
            render: (ratio: number) => `${ratio}%`,
          },
        ]),
    {
      title: t('ads:shares.serves'),
      dataIndex: 'serves',
      width: 90,
      align: 'right' as const,
      render: (value: number) => formatNumber(value),
    },
    {
      title: t('ads:shares.clicks'),
      dataIndex: 'clicks',
      width: 80,
      align: 'right' as const,
      render: (value: number) => formatNumber(value),
    },
    {
      title: t('ads:shares.perServe'),
      dataIndex: 'meanMicrosPerServe',
      width: 130,
      align: 'right' as const,
      render: (micros: number, row: StrategyShareUrl) =>
        row.serves > 0 ? formatMoney(micros, currency) : '-',
    },
    ...(ai ? aiColumns(t) : []),
  ];
}

/** AI distribution's columns: the chance the URL is the best, and the reason for its share. */
function aiColumns(t: TFunction): ColumnsType<StrategyShareUrl> {
  return [
    {
      title: (
        <Tooltip title={t('ads:shares.probabilityHelp')}>
          <Space size={4}>
            {t('ads:shares.probabilityBest')}
            <QuestionCircleOutlined />
          </Space>
        </Tooltip>
      ),
      dataIndex: 'probabilityBest',
      width: 110,
      align: 'right' as const,
      render: (value: number) => formatRate(value),
    },
    {
      title: t('ads:shares.reason'),
      dataIndex: 'reason',
      width: 260,
      render: (reason: ShareReason) => (
        <Space orientation="vertical" size={0} data-testid="ads-share-reason">
          <Tag color={reasonColors[reason]}>{t(`ads:shares.reasons.${reason}.label`)}</Tag>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t(`ads:shares.reasons.${reason}.explain`)}
          </Typography.Text>
        </Space>
      ),
    },
  ];
}
