import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../charts/formatNumber';
import { countKeys, type Counts } from './analyticsTypes';

export type GroupCounts = { group: string } & Counts;

interface Props {
  rows: GroupCounts[];
  /** Column title of the group (channel, platform, day). */
  groupTitle: string;
  /** Shows each group's label (e.g. a translated platform name). */
  renderGroup?(group: string): string;
  testId?: string;
}

/** Every group with its four counts, most clicks first, sortable by any count. */
export function CountsTable({ rows, groupTitle, renderGroup, testId }: Props) {
  const { t } = useTranslation();
  const sorted = [...rows].sort((a, b) => b.clicks - a.clicks);
  return (
    <Table<GroupCounts>
      rowKey="group"
      size="small"
      data-testid={testId}
      dataSource={sorted}
      pagination={{ pageSize: 10, hideOnSinglePage: true }}
      locale={{ emptyText: t('analytics:noData') }}
      columns={[
        { title: groupTitle, dataIndex: 'group', render: (group: string) => renderGroup?.(group) ?? group },
        ...countKeys.map((key) => ({
          title: t(`analytics:count.${key}`),
          dataIndex: key,
          align: 'right' as const,
          sorter: (a: GroupCounts, b: GroupCounts) => a[key] - b[key],
          render: (value: number) => formatNumber(value),
        })),
      ]}
    />
  );
}
