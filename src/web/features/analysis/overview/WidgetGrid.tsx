import type { Dayjs } from 'dayjs';
import { Button, Card, Col, Empty, Row } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { presetRange, type DateRange } from '../../linkAnalytics/dateRangePresets';
import type { Overview } from '../analysisTypes';
import { presetKeyOf } from '../widgetRules';
import { WidgetCard } from './WidgetCard';
import { widgetSpan } from './widgetSpan';

interface Props {
  overview: Overview;
  /** The dashboard's range, for widgets without a preset of their own. */
  range: DateRange;
  today: Dayjs;
  canEdit: boolean;
  onAdd(): void;
  onEdit(index: number): void;
  onRemove(index: number): void;
}

/**
 * A dashboard's widgets in a grid, each over its own preset's range when it has one (labelled)
 * and its filters over the dashboard's; an empty dashboard says so and (for editors) offers to add.
 */
export function WidgetGrid({ overview, range, today, canEdit, onAdd, onEdit, onRemove }: Props) {
  const { t } = useTranslation();
  if (overview.widgets.length === 0) {
    return (
      <Card>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('analysis:widget.empty')}>
          {canEdit && (
            <Button type="primary" icon={<PlusOutlined />} onClick={onAdd}>
              {t('analysis:widget.add')}
            </Button>
          )}
        </Empty>
      </Card>
    );
  }
  return (
    <Row gutter={[16, 16]}>
      {overview.widgets.map((widget, index) => {
        const own = widget.filters?.preset;
        return (
          <Col key={widget.id ?? index} {...widgetSpan(widget)}>
            <WidgetCard
              widget={widget}
              range={own ? presetRange(presetKeyOf(own), today) : range}
              rangeLabel={own ? t(`analytics:preset.${presetKeyOf(own)}`) : undefined}
              filters={{ ...overview.filters, ...widget.filters }}
              canEdit={canEdit}
              onEdit={() => onEdit(index)}
              onRemove={() => onRemove(index)}
            />
          </Col>
        );
      })}
    </Row>
  );
}
