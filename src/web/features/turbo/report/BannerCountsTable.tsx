import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../charts/formatNumber';
import { bannerCountKeys, type BannerCounts } from '../turboTypes';
import { clickRate, formatRate } from './bannerReportRows';

export type BannerGroupCounts = { group: string } & BannerCounts;

interface Props {
  rows: BannerGroupCounts[];
  groupTitle: string;
  renderGroup?(group: string): string;
  testId?: string;
}

/** A banner's counts split by platform or page, with the click rate; sortable by any count. */
export function BannerCountsTable({ rows, groupTitle, renderGroup, testId }: Props) {
  const { t } = useTranslation();
  return (
    <Table<BannerGroupCounts>
      rowKey="group"
      size="small"
      data-testid={testId}
      dataSource={rows}
      pagination={{ pageSize: 10, hideOnSinglePage: true }}
      locale={{ emptyText: t('turbo:report.noRows') }}
      scroll={{ x: 720 }}
      columns={[
        {
          title: groupTitle,
          dataIndex: 'group',
          ellipsis: true,
          render: (group: string) => renderGroup?.(group) ?? group,
        },
        ...bannerCountKeys.map((key) => ({
          title: t(`turbo:report.count.${key}`),
          dataIndex: key,
          align: 'right' as const,
          width: 120,
          sorter: (a: BannerGroupCounts, b: BannerGroupCounts) => a[key] - b[key],
          render: (value: number) => formatNumber(value),
        })),
        {
          title: t('turbo:report.clickRate'),
          key: 'rate',
          align: 'right' as const,
          width: 110,
          render: (_value: unknown, row: BannerGroupCounts) => formatRate(clickRate(row)),
        },
      ]}
    />
  );
}
