import { useEffect } from 'react';
import { Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import {
  platforms,
  serverPresets,
  widgetMetrics,
  type OverviewFilters,
  type Widget,
  type WidgetChart,
  type WidgetGroup,
  type WidgetMetric,
} from '../analysisTypes';
import { chartsOf, groupsOf, normalizeWidget, presetKeyOf, usesEventFilters } from '../widgetRules';

/** Event names every SDK may send without defining them (docs/sdk-and-analytics.md, SdkEvent). */
const STANDARD_EVENTS = ['install', 'open', 'register', 'login', 'launch', 'page_view', 'purchase', 'share'];
const TITLE_MAX = 30;

interface WidgetForm {
  title?: string;
  metric: WidgetMetric;
  chart: WidgetChart;
  groupBy?: WidgetGroup;
  preset?: OverviewFilters['preset'];
  platforms?: OverviewFilters['platforms'];
  names?: string[];
}

interface Props {
  open: boolean;
  /** Undefined to add a widget. */
  widget?: Widget;
  saving: boolean;
  onClose(): void;
  onSave(widget: Widget): void;
}

/** The event filters of a metric counted from events: platforms, and event names to pick or type. */
function EventFilterItems() {
  const { t } = useTranslation();
  const events = useSWR<{ items: Array<{ key: string; name: string }> }>('/api/events?page=1&pageSize=100');
  const nameOptions = [
    ...new Set([...STANDARD_EVENTS, ...(events.data?.items ?? []).map((item) => item.key)]),
  ];
  return (
    <>
      <Form.Item name="platforms" label={t('analysis:filter.platforms')}>
        <Select
          mode="multiple"
          allowClear
          placeholder={t('analysis:filter.allPlatforms')}
          options={platforms.map((value) => ({ value, label: t(`analysis:platform.${value}`) }))}
        />
      </Form.Item>
      <Form.Item name="names" label={t('analysis:filter.names')} rules={[{ type: 'array', max: 20 }]}>
        <Select
          mode="tags"
          allowClear
          loading={events.isLoading}
          placeholder={t('analysis:filter.allEvents')}
          options={nameOptions.map((value) => ({ value, label: value }))}
        />
      </Form.Item>
    </>
  );
}

/** The form's fields for a saved widget. */
function formOf(widget: Widget): WidgetForm {
  return {
    title: widget.title,
    metric: widget.metric,
    chart: widget.chart,
    groupBy: widget.groupBy,
    preset: widget.filters?.preset,
    platforms: widget.filters?.platforms,
    names: widget.filters?.names,
  };
}

/** Add or edit a metric widget: metric, chart, grouping, its own date preset and event filters. */
export function WidgetFormModal({ open, widget, saving, onClose, onSave }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<WidgetForm>();
  const metric = Form.useWatch('metric', form) ?? 'activeUsers';

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (widget) form.setFieldsValue(formOf(widget));
  }, [open, widget, form]);

  function changeMetric(next: WidgetMetric) {
    const fitted = normalizeWidget({
      metric: next,
      chart: form.getFieldValue('chart') as WidgetChart,
      groupBy: form.getFieldValue('groupBy') as WidgetGroup,
    });
    form.setFieldsValue({ chart: fitted.chart, groupBy: fitted.groupBy });
  }

  function submit(values: WidgetForm) {
    onSave(
      normalizeWidget({
        id: widget?.id,
        title: values.title,
        metric: values.metric,
        chart: values.chart,
        groupBy: values.groupBy,
        filters: { preset: values.preset, platforms: values.platforms, names: values.names },
      }),
    );
  }

  const groups = groupsOf[metric];
  return (
    <Modal
      open={open}
      title={t(widget ? 'analysis:widget.edit' : 'analysis:widget.add')}
      okText={t('common:save')}
      cancelText={t('common:cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<WidgetForm>
        form={form}
        name="widget"
        layout="vertical"
        initialValues={{ metric: 'activeUsers', chart: 'line' }}
        onFinish={submit}
        onValuesChange={(changed: Partial<WidgetForm>) => {
          if (changed.metric) changeMetric(changed.metric);
        }}
      >
        <Form.Item name="metric" label={t('analysis:widget.metric')} rules={[{ required: true }]}>
          <Select
            options={widgetMetrics.map((value) => ({ value, label: t(`analysis:widgetMetric.${value}`) }))}
          />
        </Form.Item>
        <Form.Item name="chart" label={t('analysis:widget.chart')} rules={[{ required: true }]}>
          <Select
            options={chartsOf[metric].map((value) => ({ value, label: t(`analysis:chart.${value}`) }))}
          />
        </Form.Item>
        {groups.length > 0 && (
          <Form.Item
            name="groupBy"
            label={t('analysis:widget.groupBy')}
            extra={t('analysis:widget.topGroups')}
          >
            <Select options={groups.map((value) => ({ value, label: t(`analysis:group.${value}`) }))} />
          </Form.Item>
        )}
        <Form.Item name="title" label={t('analysis:widget.title')} rules={[{ max: TITLE_MAX }]}>
          <Input maxLength={TITLE_MAX} showCount placeholder={t('analysis:widget.titlePlaceholder')} />
        </Form.Item>
        <Form.Item name="preset" label={t('analysis:widget.preset')}>
          <Select
            allowClear
            placeholder={t('analysis:widget.presetFollow')}
            options={serverPresets.map((value) => ({
              value,
              label: t(`analytics:preset.${presetKeyOf(value)}`),
            }))}
          />
        </Form.Item>
        {open && usesEventFilters(metric) && <EventFilterItems />}
      </Form>
    </Modal>
  );
}
