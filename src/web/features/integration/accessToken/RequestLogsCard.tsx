import { useState } from 'react';
import { Alert, Card, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { buildQuery } from '../../../api/createRequestClient';
import { DateRangePresets } from '../../linkAnalytics/DateRangePresets';
import { MAX_QUERY_DAYS, presetRange, type DateRange } from '../../linkAnalytics/dateRangePresets';
import { useProjectTimeZone, useProjectToday } from '../../projects/useProjectTimeZone';
import type { ListPage, RequestLog } from '../integrationTypes';
import { RequestLogDetails, requestLogColumns } from './requestLogColumns';

const PAGE_SIZE = 20;

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
          expandable={{ expandedRowRender: (row) => <RequestLogDetails row={row} /> }}
          columns={requestLogColumns(t)}
        />
      </Space>
    </Card>
  );
}
