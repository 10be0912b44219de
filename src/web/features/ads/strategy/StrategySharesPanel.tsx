import type { HTMLAttributes } from 'react';
import { Alert, Button, Card, Empty, Progress, Skeleton, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { QuestionCircleOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { formatNumber } from '../../../charts/formatNumber';
import { freshQuery } from '../../campaigns/freshQuery';
import { formatRate } from '../../turbo/report/bannerReportRows';
import { useLanguageLabel } from '../../turbo/useLanguageLabel';
import type { ShareReason, StrategyShares, StrategyShareUrl } from '../adsTypes';
import { useFormatMoney } from '../useFormatMoney';
import { groupShares, sharePercent } from './sharesView';

const reasonColors: Record<ShareReason, string> = {
  exploring: 'blue',
  leading: 'green',
  floor: 'orange',
  trailing: 'default',
};

interface Props {
  strategyId: string;
  /** The report currency: income per serve is shown in it. */
  currency: string;
}

/**
 * "Current shares and why" of a saved strategy: how visitors are split over its URLs now, with
 * the last 7 days' serves, clicks and income per serve and, for AI distribution, the chance each
 * URL is the best and the plain reason for its share.
 */
export function StrategySharesPanel({ strategyId, currency }: Props) {
  const { t } = useTranslation();
  const formatMoney = useFormatMoney();
  const languageLabel = useLanguageLabel();
  const { data, error, isLoading, mutate } = useSWR<StrategyShares>(
    `/api/ads/strategies/${encodeURIComponent(strategyId)}/shares`,
    freshQuery,
  );
  const ai = data?.distribution === 'ai';
  const groups = groupShares(data?.urls ?? []);
  const noServes = Boolean(data) && groups.every((group) => group.serves === 0);

  const columns = [
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
    ...(ai
      ? [
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
        ]
      : []),
  ];

  return (
    <Card
      title={t('ads:shares.title')}
      data-testid="ads-shares"
      extra={
        <Button size="small" icon={<ReloadOutlined />} onClick={() => void mutate()}>
          {t('ads:report.refresh')}
        </Button>
      }
    >
      {error ? (
        <Alert
          type="error"
          showIcon
          title={error instanceof Error ? error.message : t('ads:list.loadFailed')}
        />
      ) : (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          {data && (
            <Typography.Text type="secondary">
              {t(ai ? 'ads:shares.aiHelp' : 'ads:shares.customHelp', {
                from: data.window.from,
                to: data.window.to,
              })}
            </Typography.Text>
          )}
          {noServes && groups.length > 0 && (
            <Alert type="info" showIcon title={t(ai ? 'ads:shares.noServesAi' : 'ads:shares.noServes')} />
          )}
          {data && groups.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('ads:shares.empty')} />
          ) : (
            groups.map((group) => (
              <div key={group.language} data-testid={`ads-shares-${group.language || 'general'}`}>
                {group.language && (
                  <Typography.Title level={5}>{languageLabel(group.language)}</Typography.Title>
                )}
                <Table<StrategyShareUrl>
                  rowKey="url"
                  size="small"
                  dataSource={group.urls}
                  onRow={(_row, index) =>
                    ({
                      'data-testid': `ads-share-row-${group.language || 'general'}-${index ?? 0}`,
                    }) as HTMLAttributes<HTMLElement>
                  }
                  columns={columns}
                  pagination={false}
                  scroll={{ x: ai ? 1100 : 800 }}
                />
              </div>
            ))
          )}
          {!data && isLoading && <Skeleton active paragraph={{ rows: 3 }} />}
        </Space>
      )}
    </Card>
  );
}
