import { Col, Row, Statistic } from 'antd';
import { formatNumber } from '../../../charts/formatNumber';

export interface NumberItem {
  key: string;
  label: string;
  value: number | null | undefined;
}

/** A few headline figures side by side, with thousands separators ("-" when unknown). */
export function NumberRow({ items, testId }: { items: NumberItem[]; testId?: string }) {
  return (
    <Row gutter={[16, 16]} data-testid={testId}>
      {items.map((item) => (
        <Col key={item.key} flex="1 1 120px">
          <Statistic
            title={item.label}
            value={item.value ?? undefined}
            formatter={() => formatNumber(item.value)}
            data-testid={`number-${item.key}`}
          />
        </Col>
      ))}
    </Row>
  );
}
