import { Card, Col, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../charts/formatNumber';
import { countKeys, type Counts } from './analyticsTypes';

/** The four totals of a range as statistic cards, with thousands separators. */
export function CountTotals({ totals, loading }: { totals: Counts | undefined; loading: boolean }) {
  const { t } = useTranslation();
  return (
    <Row gutter={[16, 16]} data-testid="count-totals">
      {countKeys.map((key) => (
        <Col key={key} xs={12} lg={6}>
          <Card size="small" data-testid={`total-${key}`}>
            <Statistic
              title={t(`analytics:count.${key}`)}
              loading={loading}
              value={totals?.[key] ?? 0}
              formatter={(value) => formatNumber(Number(value))}
            />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
