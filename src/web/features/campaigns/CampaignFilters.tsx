import { Button, DatePicker, Form, Input, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { campaignStatuses } from './campaignTypes';
import './campaigns.css';

/** The list filters as `GET /api/campaigns` takes them. */
export interface CampaignFilterValues {
  title?: string;
  link?: string;
  status?: string;
  mark?: string;
  from?: string;
  to?: string;
}

interface FormValues {
  title?: string;
  link?: string;
  status?: string;
  mark?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

interface Props {
  /** Type choices: registry marks with their names. */
  types: Array<{ value: string; label: string }>;
  typeLabel: string;
  onChange(filters: CampaignFilterValues): void;
}

/** Filters of the campaign lists: title, link, status, type and time range. */
export function CampaignFilters({ types, typeLabel, onChange }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();

  function apply(values: FormValues) {
    const [from, to] = values.range ?? [];
    onChange({
      title: values.title?.trim() || undefined,
      link: values.link?.trim() || undefined,
      status: values.status,
      mark: values.mark,
      from: from ? from.startOf('day').toISOString() : undefined,
      to: to ? to.endOf('day').toISOString() : undefined,
    });
  }

  return (
    <Form<FormValues> form={form} layout="inline" className="gc-filters" onFinish={apply}>
      <Form.Item name="title" label={t('campaigns:filter.title')}>
        <Input allowClear maxLength={30} style={{ width: 180 }} />
      </Form.Item>
      <Form.Item name="link" label={t('campaigns:filter.link')}>
        <Input allowClear style={{ width: 200 }} placeholder={t('campaigns:filter.linkPlaceholder')} />
      </Form.Item>
      <Form.Item name="status" label={t('campaigns:filter.status')}>
        <Select
          allowClear
          style={{ width: 140 }}
          options={campaignStatuses.map((status) => ({
            value: status,
            label: t(`campaigns:status.${status}`),
          }))}
        />
      </Form.Item>
      <Form.Item name="mark" label={typeLabel}>
        <Select
          allowClear
          style={{ width: 180 }}
          options={types}
          showSearch={{ optionFilterProp: 'label' }}
        />
      </Form.Item>
      <Form.Item name="range" label={t('campaigns:filter.time')}>
        <DatePicker.RangePicker allowEmpty={[true, true]} />
      </Form.Item>
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('campaigns:filter.search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              apply({});
            }}
          >
            {t('campaigns:filter.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
