import { Col, Row, Statistic } from 'antd';
import { formatNumber } from '../../../charts/formatNumber';

/** A report section's headline figures: one statistic per `[key, value]`, titled by `label(key)`. */
export function ReportFigures({
  figures,
  label,
}: {
  figures: readonly (readonly [string, number])[];
  label: (key: string) => string;
}) {
  return (
    <Row gutter={[16, 16]}>
      {figures.map(([key, value]) => (
        <Col key={key} xs={12} md={8} lg={4}>
          <Statistic title={label(key)} value={formatNumber(value)} />
        </Col>
      ))}
    </Row>
  );
}
