import { useMemo, useState } from 'react';
import { Card, Col, Row, Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { countKeys, type CountKey } from './analyticsTypes';
import { CountsTable, type GroupCounts } from './CountsTable';
import { GroupBarChart } from './GroupBarChart';

interface Props {
  title: string;
  rows: GroupCounts[];
  groupTitle: string;
  renderGroup?(group: string): string;
  testId?: string;
}

/** Counts split by a group: a bar chart of one chosen count (top 8) beside the full table. */
export function MetricBreakdown({ title, rows, groupTitle, renderGroup, testId }: Props) {
  const { t } = useTranslation();
  const [metric, setMetric] = useState<CountKey>('clicks');
  const bars = useMemo(
    () => rows.map((row) => ({ group: renderGroup?.(row.group) ?? row.group, value: row[metric] })),
    [rows, metric, renderGroup],
  );
  return (
    <Card
      title={title}
      data-testid={testId}
      extra={
        <Segmented<CountKey>
          size="small"
          value={metric}
          onChange={setMetric}
          options={countKeys.map((key) => ({ value: key, label: t(`analytics:count.${key}`) }))}
        />
      }
    >
      <Row gutter={[24, 16]}>
        <Col xs={24} xl={12}>
          <GroupBarChart rows={bars} label={`${title} · ${t(`analytics:count.${metric}`)}`} height={280} />
        </Col>
        <Col xs={24} xl={12}>
          <CountsTable rows={rows} groupTitle={groupTitle} renderGroup={renderGroup} />
        </Col>
      </Row>
    </Card>
  );
}
