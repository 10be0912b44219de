import type { HTMLAttributes } from 'react';
import { Alert, Button, Card, Empty, Skeleton, Space, Table, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { freshQuery } from '../../campaigns/freshQuery';
import { useLanguageLabel } from '../../turbo/useLanguageLabel';
import type { StrategyShares, StrategyShareUrl } from '../adsTypes';
import { useFormatMoney } from '../useFormatMoney';
import { shareColumns } from './shareColumns';
import { groupShares } from './sharesView';

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

  const columns = shareColumns({ t, ai, currency, formatMoney });

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
