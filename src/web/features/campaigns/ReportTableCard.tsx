import type { ReactNode } from 'react';
import { Card, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ReportRow } from './reportTypes';

interface Props {
  title: string;
  rows: ReportRow[];
  /** Keys that describe a row (shown first, as text); every other key is a figure. */
  labels: string[];
  testId?: string;
  /** Shown in the card's header (an export button). */
  extra?: ReactNode;
}

const number = new Intl.NumberFormat();

// Prize names may come per language; show the UI language's, else the first one.
function text(value: unknown, language: string): string {
  if (value && typeof value === 'object') {
    const texts = value as Record<string, unknown>;
    return String(texts[language] ?? Object.values(texts)[0] ?? '-');
  }
  return String(value ?? '-');
}

/** One section of a campaign report as a table: label columns, then the figures the server sent. */
export function ReportTableCard({ title, rows, labels, testId, extra }: Props) {
  const { t, i18n } = useTranslation();
  const metrics = [...new Set(rows.flatMap((row) => Object.keys(row)))].filter(
    (key) => !labels.includes(key),
  );
  const present = labels.filter((key) => rows.some((row) => row[key] !== undefined && row[key] !== null));
  const label = (key: string) => t(`campaigns:report.metric.${key}`, { defaultValue: key });
  return (
    <Card title={title} data-testid={testId} extra={extra}>
      <Table<ReportRow>
        rowKey={(row) => present.map((key) => String(row[key])).join('|')}
        size="small"
        dataSource={rows}
        pagination={rows.length > 20 ? { pageSize: 20 } : false}
        scroll={{ x: 'max-content' }}
        columns={[
          ...present.map((key) => ({
            title: label(key),
            dataIndex: key,
            render: (value: unknown) =>
              key === 'type' && typeof value === 'string'
                ? t(`campaigns:report.channelType.${value}`, { defaultValue: value })
                : text(value, i18n.language),
          })),
          ...metrics.map((key) => ({
            title: label(key),
            dataIndex: key,
            align: 'right' as const,
            render: (value: unknown) =>
              typeof value === 'number' ? number.format(value) : text(value, i18n.language),
          })),
        ]}
      />
    </Card>
  );
}
