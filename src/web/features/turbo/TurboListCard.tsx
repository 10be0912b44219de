import type { HTMLAttributes, ReactNode } from 'react';
import { Card, Empty, Input, Select, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { TurboKind, useTurboList } from './useTurboList';
import { turboStatuses, type TurboRow, type TurboStatus } from './turboTypes';

interface Props<Row extends TurboRow> {
  kind: TurboKind;
  list: ReturnType<typeof useTurboList<Row>>;
  columns: ColumnsType<Row>;
  /** The "new" button (absent for viewers), offered again in the empty state. */
  create(place: 'head' | 'empty'): ReactNode;
  scrollX: number;
}

/** A Turbo list's card: search by name, status filter, the table with its empty states and paging. */
export function TurboListCard<Row extends TurboRow>({ kind, list, columns, create, scrollX }: Props<Row>) {
  const { t } = useTranslation();
  return (
    <Card>
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          style={{ width: 280 }}
          placeholder={t('turbo:list.search')}
          aria-label={t('turbo:list.search')}
          onSearch={list.search}
        />
        <Select<TurboStatus>
          allowClear
          style={{ width: 160 }}
          placeholder={t('turbo:list.allStatuses')}
          aria-label={t('turbo:list.status')}
          value={list.status}
          options={turboStatuses.map((value) => ({ value, label: t(`turbo:status.${value}`) }))}
          onChange={list.filterStatus}
        />
      </Space>
      <Table<Row>
        rowKey="id"
        data-testid={`turbo-${kind}-table`}
        onRow={(row) => ({ 'data-testid': `turbo-${kind}-row-${row.id}` }) as HTMLAttributes<HTMLElement>}
        loading={list.isLoading}
        dataSource={list.items}
        columns={columns}
        scroll={{ x: scrollX }}
        locale={{
          emptyText: list.error ? (
            t('turbo:list.loadFailed')
          ) : list.isLoading ? (
            // Under the spinner: no "nothing yet" before the answer says so.
            <div style={{ height: 120 }} />
          ) : (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={list.filtered ? t('turbo:list.noMatch') : t(`turbo:${kind}.empty`)}
            >
              {!list.filtered && create('empty')}
            </Empty>
          ),
        }}
        pagination={{
          current: list.paging.page,
          pageSize: list.paging.pageSize,
          total: list.total,
          hideOnSinglePage: true,
          onChange: (page, pageSize) => list.setPaging({ page, pageSize }),
        }}
      />
    </Card>
  );
}
