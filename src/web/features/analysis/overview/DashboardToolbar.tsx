import { Button, Card, Popconfirm, Select, Space, Tag } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Overview } from '../analysisTypes';

interface Props {
  overviews: Overview[];
  current: Overview;
  canEdit: boolean;
  saving: boolean;
  onSelect(id: string): void;
  onEdit(): void;
  onMakeDefault(): void;
  onDelete(): void;
  onAddWidget(): void;
}

/** Choose a dashboard; editors rename it, make it the default, delete it or add a widget. */
export function DashboardToolbar({
  overviews,
  current,
  canEdit,
  saving,
  onSelect,
  onEdit,
  onMakeDefault,
  onDelete,
  onAddWidget,
}: Props) {
  const { t } = useTranslation();
  return (
    <Card size="small">
      <Space wrap size={[12, 8]} style={{ width: '100%', justifyContent: 'space-between' }}>
        <Space wrap size={8}>
          <Select
            value={current.id}
            onChange={onSelect}
            style={{ minWidth: 240 }}
            aria-label={t('analysis:dashboard.choose')}
            data-testid="dashboard-select"
            options={overviews.map((overview) => ({ value: overview.id, label: overview.name }))}
            optionRender={(option) => (
              <Space size={6}>
                {option.label}
                {overviews.find((overview) => overview.id === option.value)?.isDefault && (
                  <Tag color="purple">{t('analysis:dashboard.default')}</Tag>
                )}
              </Space>
            )}
          />
          {current.isDefault ? (
            <Tag icon={<StarFilled />} color="gold">
              {t('analysis:dashboard.default')}
            </Tag>
          ) : (
            canEdit && (
              <Button icon={<StarOutlined />} onClick={onMakeDefault} disabled={saving}>
                {t('analysis:dashboard.makeDefault')}
              </Button>
            )
          )}
        </Space>
        {canEdit && (
          <Space wrap size={8}>
            <Button icon={<PlusOutlined />} onClick={onAddWidget} type="primary" ghost>
              {t('analysis:widget.add')}
            </Button>
            <Button icon={<EditOutlined />} onClick={onEdit}>
              {t('analysis:dashboard.edit')}
            </Button>
            <Popconfirm
              title={t('analysis:dashboard.deleteTitle')}
              description={t('analysis:dashboard.deleteConfirm', { name: current.name })}
              okText={t('common:delete')}
              cancelText={t('common:cancel')}
              okButtonProps={{ danger: true }}
              onConfirm={onDelete}
            >
              <Button danger icon={<DeleteOutlined />}>
                {t('common:delete')}
              </Button>
            </Popconfirm>
          </Space>
        )}
      </Space>
    </Card>
  );
}
