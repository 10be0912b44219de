import { useState } from 'react';
import { Button, Table, Tag, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { buildQuery } from '../../../api/createRequestClient';
import { freshQuery } from '../../campaigns/freshQuery';
import { formatTime } from '../../links/formatTime';
import type { PostbackLogRow, PostbackOutcome } from '../adsTypes';

const outcomeColors: Record<PostbackOutcome, string> = {
  accepted: 'green',
  duplicate: 'default',
  refused: 'red',
};

/** An ad account's postback log, newest first: what the network sent and what became of it. */
export function PostbackLogTable({ accountId }: { accountId: string }) {
  const { t } = useTranslation();
  const [paging, setPaging] = useState({ page: 1, pageSize: 10 });
  const key = `/api/ads/accounts/${encodeURIComponent(accountId)}/postbacks${buildQuery(paging)}`;
  const { data, error, isLoading, mutate } = useSWR<{ items: PostbackLogRow[]; total: number }>(
    key,
    freshQuery,
  );
  return (
    <>
      <Button
        size="small"
        icon={<ReloadOutlined />}
        onClick={() => void mutate()}
        style={{ marginBottom: 8 }}
      >
        {t('ads:postbacks.refresh')}
      </Button>
      <Table<PostbackLogRow>
        rowKey="id"
        size="small"
        data-testid="ads-postback-log"
        loading={isLoading}
        dataSource={data?.items ?? []}
        scroll={{ x: 640 }}
        locale={{ emptyText: error ? t('ads:list.loadFailed') : t('ads:postbacks.empty') }}
        pagination={{
          current: paging.page,
          pageSize: paging.pageSize,
          total: data?.total ?? 0,
          hideOnSinglePage: true,
          onChange: (page, pageSize) => setPaging({ page, pageSize }),
        }}
        columns={[
          { title: t('ads:postbacks.time'), dataIndex: 'time', width: 150, render: formatTime },
          {
            title: t('ads:postbacks.outcome'),
            dataIndex: 'outcome',
            width: 100,
            render: (outcome: PostbackOutcome) => (
              <Tag color={outcomeColors[outcome]}>{t(`ads:postbacks.outcomes.${outcome}`)}</Tag>
            ),
          },
          {
            title: t('ads:postbacks.reason'),
            dataIndex: 'reason',
            render: (reason: string | null) =>
              reason ? t(`ads:postbacks.reasons.${reason}`, { defaultValue: reason }) : '-',
          },
          {
            title: t('ads:postbacks.txid'),
            dataIndex: 'txid',
            ellipsis: true,
            render: (txid: string | null) => (txid ? <Typography.Text code>{txid}</Typography.Text> : '-'),
          },
          { title: t('ads:postbacks.ip'), dataIndex: 'ip', width: 140 },
        ]}
      />
    </>
  );
}
