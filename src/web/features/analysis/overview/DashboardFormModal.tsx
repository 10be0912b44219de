import { useEffect } from 'react';
import { Checkbox, Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { platforms, serverPresets, type Overview, type OverviewFilters } from '../analysisTypes';
import { presetKeyOf } from '../widgetRules';
import { oneLineRule } from '../../../app/oneLineRule';

const NAME_MAX = 30;

export interface DashboardForm {
  name: string;
  isDefault: boolean;
  preset?: OverviewFilters['preset'];
  platforms?: OverviewFilters['platforms'];
  /** New dashboards only: start with one widget of each kind. */
  starter?: boolean;
}

interface Props {
  open: boolean;
  /** Undefined to create a dashboard. */
  overview?: Overview;
  /** The first dashboard of a project is always the default. */
  first: boolean;
  saving: boolean;
  onClose(): void;
  onSave(values: DashboardForm): void;
}

/** Create a dashboard or change its name, default flag, date preset and platform filter. */
export function DashboardFormModal({ open, overview, first, saving, onClose, onSave }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<DashboardForm>();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (overview)
      form.setFieldsValue({
        name: overview.name,
        isDefault: overview.isDefault,
        preset: overview.filters.preset,
        platforms: overview.filters.platforms,
      });
  }, [open, overview, form]);

  return (
    <Modal
      open={open}
      title={t(overview ? 'analysis:dashboard.edit' : 'analysis:dashboard.create')}
      okText={t('common:save')}
      cancelText={t('common:cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<DashboardForm>
        form={form}
        name="dashboard"
        layout="vertical"
        initialValues={{ isDefault: first, starter: true, preset: 'last7' }}
        onFinish={onSave}
      >
        <Form.Item
          name="name"
          label={t('analysis:dashboard.name')}
          rules={[{ required: true, whitespace: true }, { max: NAME_MAX }, oneLineRule]}
        >
          <Input maxLength={NAME_MAX} showCount autoFocus />
        </Form.Item>
        <Form.Item name="preset" label={t('analysis:dashboard.preset')}>
          <Select
            options={serverPresets.map((value) => ({
              value,
              label: t(`analytics:preset.${presetKeyOf(value)}`),
            }))}
          />
        </Form.Item>
        <Form.Item
          name="platforms"
          label={t('analysis:filter.platforms')}
          extra={t('analysis:filter.platformsHelp')}
        >
          <Select
            mode="multiple"
            allowClear
            placeholder={t('analysis:filter.allPlatforms')}
            options={platforms.map((value) => ({ value, label: t(`analysis:platform.${value}`) }))}
          />
        </Form.Item>
        <Form.Item name="isDefault" valuePropName="checked">
          {/* The default stays the default until another one takes its place (server rule). */}
          <Checkbox disabled={first || overview?.isDefault}>{t('analysis:dashboard.isDefault')}</Checkbox>
        </Form.Item>
        {!overview && (
          <Form.Item name="starter" valuePropName="checked">
            <Checkbox>{t('analysis:dashboard.starter')}</Checkbox>
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
