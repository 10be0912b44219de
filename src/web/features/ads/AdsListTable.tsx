import type { HTMLAttributes, ReactNode } from 'react';
import { Empty, Input, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { AdsList } from './useAdsList';

interface Props<Row> {
  list: AdsList<Row>;
  columns: ColumnsType<Row>;
  rowKey: keyof Row & string;
  /** `data-testid` of the table; rows get `<testId>-row-<key>` unless `rowTestId` says otherwise. */
  testId: string;
  rowTestId?(row: Row): string;
  /** What the empty list says (before any filter). */
  emptyText: string;
  /** Offered in the empty state (the "new" button), absent for who may not create. */
  emptyAction?: ReactNode;
  /** Search box placeholder; no search box without it. */
  searchPlaceholder?: string;
  /** More filters beside the search box (a status select). */
  filters?: ReactNode;
  scrollX: number;
}

/** An ads list: search and filters, the table with honest empty states, paging. */
export function AdsListTable<Row>({
  list,
  columns,
  rowKey,
  testId,
  rowTestId,
  emptyText,
  emptyAction,
  searchPlaceholder,
  filters,
  scrollX,
}: Props<Row>) {
  const { t } = useTranslation();
  return (
    <>
      {(searchPlaceholder || filters) && (
        <Space wrap style={{ marginBottom: 16 }}>
          {searchPlaceholder && (
            <Input.Search
              allowClear
              style={{ width: 280 }}
              placeholder={searchPlaceholder}
              aria-label={searchPlaceholder}
              onSearch={list.search}
            />
          )}
          {filters}
        </Space>
      )}
      <Table<Row>
        rowKey={rowKey}
        data-testid={testId}
        onRow={(row) =>
          ({
            'data-testid': rowTestId ? rowTestId(row) : `${testId}-row-${String(row[rowKey])}`,
          }) as HTMLAttributes<HTMLElement>
        }
        loading={list.isLoading}
        dataSource={list.items}
        columns={columns}
        scroll={{ x: scrollX }}
        locale={{
          emptyText: list.error ? (
            t('ads:list.loadFailed')
          ) : list.isLoading ? (
            // Under the spinner: no "nothing yet" before the answer says so.
            <div style={{ height: 120 }} />
          ) : (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={list.filtered ? t('ads:list.noMatch') : emptyText}
            >
              {!list.filtered && emptyAction}
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
    </>
  );
}
