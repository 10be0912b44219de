import type { ReactNode } from 'react';
import { Card, Col, Row, Statistic, Typography } from 'antd';

export interface StatItem {
  key: string;
  title: string;
  /** Already formatted ("$1.25", "1,024"); "-" while there is no answer. */
  value: string;
  /** A second line under the figure (a count beside an amount). */
  note?: ReactNode;
}

interface Props {
  items: StatItem[];
  loading: boolean;
  testIdPrefix: string;
  /** The narrowest a card gets before the row wraps. */
  minWidth?: number;
}

/** A row of figure cards of equal height; each card's testid is `<testIdPrefix>-<key>`. */
export function StatCards({ items, loading, testIdPrefix, minWidth = 180 }: Props) {
  return (
    <Row gutter={[16, 16]} data-testid={`${testIdPrefix}s`}>
      {items.map((item) => (
        <Col key={item.key} flex={`1 1 ${minWidth}px`}>
          <Card size="small" style={{ height: '100%' }} data-testid={`${testIdPrefix}-${item.key}`}>
            <Statistic title={item.title} loading={loading} value={item.value} />
            {item.note && <Typography.Text type="secondary">{item.note}</Typography.Text>}
          </Card>
        </Col>
      ))}
    </Row>
  );
}
