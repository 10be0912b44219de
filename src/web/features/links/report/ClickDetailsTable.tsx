import { useState } from 'react';
import { Button, Card, Checkbox, Popover, Segmented, Space, Table } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../charts/formatNumber';
import { eventTypes, type ClickRow, type EventType } from '../../linkAnalytics/analyticsTypes';
import { useProjectTimeZone } from '../../projects/useProjectTimeZone';
import type { DateRange } from '../../linkAnalytics/dateRangePresets';
import { useListPage } from '../useListPage';
import { allColumns, clickColumnRenders, defaultColumns, type ColumnKey } from './clickColumns';
import { useStoredColumns } from './useStoredColumns';

const PAGE_SIZE = 20;
const STORAGE_KEY = 'gc.linkEvents.columns';

/** The columns shown, picked from every column the details have (at least one stays). */
function ColumnPicker({ visible, setVisible }: { visible: string[]; setVisible: (next: string[]) => void }) {
  const { t } = useTranslation();
  const settings = (
    <Checkbox.Group
      value={visible}
      onChange={(next) => next.length > 0 && setVisible(next)}
      style={{ display: 'grid', gap: 8 }}
      options={allColumns.map((key) => ({ value: key, label: t(`links:events.column.${key}`) }))}
    />
  );
  return (
    <Popover trigger="click" placement="bottomRight" title={t('links:events.columns')} content={settings}>
      <Button icon={<SettingOutlined />} aria-label={t('links:events.columns')}>
        {t('links:events.columns')}
      </Button>
    </Popover>
  );
}

/** A link's event details (clicks, installs, opens, registrations) with configurable columns. */
export function ClickDetailsTable({ linkRecordId, range }: { linkRecordId: string; range: DateRange }) {
  const timeZone = useProjectTimeZone();
  const { t } = useTranslation();
  const [type, setType] = useState<EventType | 'all'>('all');
  const [page, setPage] = useState(1);
  const [visible, setVisible] = useStoredColumns(STORAGE_KEY, allColumns, defaultColumns);
  const { items, total, isLoading, error } = useListPage<ClickRow>(
    `/api/links/${encodeURIComponent(linkRecordId)}/clicks`,
    { type: type === 'all' ? undefined : type, ...range, tz: timeZone, page, pageSize: PAGE_SIZE },
  );

  const render = clickColumnRenders(t);
  const columns = visible.map((key) => ({
    ...render[key as ColumnKey],
    key,
    title: t(`links:events.column.${key}`),
  }));

  return (
    <Card
      title={t('links:events.title')}
      data-testid="event-details"
      extra={
        <Space wrap>
          <Segmented<EventType | 'all'>
            value={type}
            onChange={(next) => {
              setType(next);
              setPage(1);
            }}
            options={[
              { value: 'all', label: t('links:events.all') },
              ...eventTypes.map((value) => ({ value, label: t(`analytics:event.${value}`) })),
            ]}
          />
          <ColumnPicker visible={visible} setVisible={setVisible} />
        </Space>
      }
    >
      <Table<ClickRow>
        rowKey="id"
        size="small"
        loading={isLoading}
        dataSource={items}
        columns={columns}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: error ? t('links:loadFailed') : t('analytics:noData') }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total,
          onChange: setPage,
          hideOnSinglePage: true,
          showSizeChanger: false,
          showTotal: (count) => t('links:events.total', { total: formatNumber(count) }),
        }}
      />
    </Card>
  );
}
