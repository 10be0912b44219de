import { useState } from 'react';
import { Alert, Card, Descriptions, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { buildQuery } from '../../../api/createRequestClient';
import { DateRangePresets } from '../../linkAnalytics/DateRangePresets';
import { MAX_QUERY_DAYS, presetRange, type DateRange } from '../../linkAnalytics/dateRangePresets';
import { useProjectTimeZone, useProjectToday } from '../../projects/useProjectTimeZone';
import { formatNumber } from '../../../charts/formatNumber';
import { formatTime } from '../../links/formatTime';
import { callProblemText } from '../callProblemText';
import type { ListPage, RequestLog } from '../integrationTypes';
import { oneLine, prettyJson } from '../prettyJson';

const PAGE_SIZE = 20;

function statusColour(status: number): string {
  if (status >= 500) return 'red';
  if (status >= 400) return 'orange';
  return 'green';
}

function Block({ value }: { value: unknown }) {
  const text = prettyJson(value);
  return text ? (
    <pre className="gc-integration-pre">{text}</pre>
  ) : (
    <Typography.Text type="secondary">-</Typography.Text>
  );
}

/** SDK and server API requests of the project, newest first; a row expands to its full record. */
export function RequestLogsCard() {
  const { t } = useTranslation();
  const today = useProjectToday();
  const timeZone = useProjectTimeZone();
  const [range, setRange] = useState<DateRange>(() => presetRange('today', today));
  const [page, setPage] = useState(1);
  const { data, error, isLoading } = useSWR<ListPage<RequestLog>>(
    `/api/request-logs${buildQuery({ ...range, tz: timeZone, page, pageSize: PAGE_SIZE })}`,
  );

  return (
    <Card title={t('integration:requestLogs.title')} data-testid="request-logs">
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t('integration:requestLogs.description')}</Typography.Text>
        <DateRangePresets
          value={range}
          onChange={(next) => {
            setRange(next);
            setPage(1);
          }}
          maxDays={MAX_QUERY_DAYS}
        />
        {error && <Alert type="error" showIcon title={error.message || t('integration:loadFailed')} />}
        <Table<RequestLog>
          rowKey="id"
          size="small"
          loading={isLoading}
          dataSource={data?.items ?? []}
          scroll={{ x: 1100 }}
          locale={{ emptyText: t('integration:requestLogs.empty') }}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: data?.total ?? 0,
            onChange: setPage,
            showSizeChanger: false,
            hideOnSinglePage: true,
          }}
          expandable={{
            expandedRowRender: (row) => (
              <Descriptions
                size="small"
                column={1}
                bordered
                items={[
                  { key: 'ip', label: t('integration:requestLogs.ip'), children: row.ip || '-' },
                  {
                    key: 'duration',
                    label: t('integration:requestLogs.duration'),
                    children: t('integration:requestLogs.ms', { ms: formatNumber(row.durationMs) }),
                  },
                  {
                    key: 'request',
                    label: t('integration:requestLogs.content'),
                    children: <Block value={row.request} />,
                  },
                  {
                    key: 'response',
                    label: t('integration:requestLogs.response'),
                    children: <Block value={row.response} />,
                  },
                  {
                    key: 'error',
                    label: t('integration:requestLogs.error'),
                    children: <Block value={callProblemText(t, row.problem, row.error) || null} />,
                  },
                  {
                    key: 'headers',
                    label: t('integration:requestLogs.headers'),
                    children: <Block value={row.headers} />,
                  },
                ]}
              />
            ),
          }}
          columns={[
            { title: t('integration:requestLogs.time'), dataIndex: 'time', width: 160, render: formatTime },
            {
              title: t('integration:requestLogs.address'),
              key: 'address',
              width: 280,
              ellipsis: true,
              render: (_value, row) => (
                <span>
                  <Tag>{row.method}</Tag>
                  <code>{row.path}</code>
                </span>
              ),
            },
            {
              title: t('integration:requestLogs.content'),
              dataIndex: 'request',
              ellipsis: true,
              render: (value: unknown) => oneLine(value),
            },
            {
              title: t('integration:requestLogs.response'),
              key: 'response',
              ellipsis: true,
              render: (_value, row) => (
                <span>
                  <Tag color={statusColour(row.status)}>{row.status}</Tag>
                  {oneLine(row.response)}
                </span>
              ),
            },
            {
              title: t('integration:requestLogs.error'),
              key: 'error',
              ellipsis: true,
              width: 160,
              // Refused events of a stored batch are a warning; a refused call an error.
              render: (_value, row) => {
                const text = callProblemText(t, row.problem, row.error);
                return text ? (
                  <Typography.Text type={row.problem?.level === 'warning' ? 'warning' : 'danger'}>
                    {text}
                  </Typography.Text>
                ) : (
                  '-'
                );
              },
            },
            {
              title: t('integration:requestLogs.headers'),
              dataIndex: 'headers',
              ellipsis: true,
              width: 200,
              render: (value: unknown) => oneLine(value),
            },
          ]}
        />
      </Space>
    </Card>
  );
}
