import { Button, Card, Popconfirm, Space, Tag } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DateRange } from '../../linkAnalytics/dateRangePresets';
import type { OverviewFilters, Widget } from '../analysisTypes';
import { WidgetBody } from '../widgets/WidgetBody';
import { widgetTitle } from './widgetTitle';

interface Props {
  widget: Widget;
  range: DateRange;
  filters: OverviewFilters;
  /** The widget's own preset, when it has one, as a label. */
  rangeLabel?: string;
  canEdit: boolean;
  onEdit(): void;
  onRemove(): void;
}

/** One dashboard widget: its title, its figures and (for editors) edit and remove. */
export function WidgetCard({ widget, range, filters, rangeLabel, canEdit, onEdit, onRemove }: Props) {
  const { t } = useTranslation();
  const title = widgetTitle(t, widget);
  return (
    <Card
      className="gc-fill"
      size="small"
      title={title}
      data-testid="overview-widget"
      extra={
        <Space size={4}>
          {rangeLabel && <Tag>{rangeLabel}</Tag>}
          {canEdit && (
            <>
              <Button
                type="text"
                size="small"
                icon={<EditOutlined />}
                aria-label={t('analysis:widget.edit')}
                onClick={onEdit}
              />
              <Popconfirm
                title={t('analysis:widget.removeTitle')}
                description={t('analysis:widget.removeConfirm', { name: title })}
                okText={t('common:delete')}
                cancelText={t('common:cancel')}
                okButtonProps={{ danger: true }}
                onConfirm={onRemove}
              >
                <Button
                  type="text"
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('analysis:widget.remove')}
                />
              </Popconfirm>
            </>
          )}
        </Space>
      }
    >
      <WidgetBody widget={widget} range={range} filters={filters} label={title} />
    </Card>
  );
}
