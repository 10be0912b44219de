import { useState } from 'react';
import { DatePicker, Form, Modal, Radio, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { CampaignSummary } from './campaignTypes';
import { formatCampaignTime } from './formatCampaignTime';

interface GoOnlineForm {
  when: 'now' | 'at';
  at?: Dayjs;
}

interface Props {
  campaign: CampaignSummary | null;
  onClose(): void;
  /** Sends the move; `at` is an ISO time for a scheduled move. Rejects when the server refuses. */
  onSubmit(at: string | null): Promise<void>;
}

/** Go online now, or at a chosen time no later than the activity end (the server enforces it too). */
export function GoOnlineModal({ campaign, onClose, onSubmit }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<GoOnlineForm>();
  const when = Form.useWatch('when', form) ?? 'now';
  const [busy, setBusy] = useState(false);
  const end = campaign ? dayjs(campaign.endTime) : null;

  async function submit(values: GoOnlineForm) {
    setBusy(true);
    try {
      await onSubmit(values.when === 'at' && values.at ? values.at.toISOString() : null);
    } catch {
      // The request client has shown why.
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open={!!campaign}
      title={t('campaigns:online.title')}
      okText={t('campaigns:online.confirm')}
      cancelText={t('common:cancel')}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<GoOnlineForm> form={form} layout="vertical" initialValues={{ when: 'now' }} onFinish={submit}>
        <Form.Item name="when" label={t('campaigns:online.when')}>
          <Radio.Group
            options={[
              { value: 'now', label: t('campaigns:online.now') },
              { value: 'at', label: t('campaigns:online.at') },
            ]}
          />
        </Form.Item>
        {when === 'at' && (
          <Form.Item
            name="at"
            label={t('campaigns:online.time')}
            extra={t('campaigns:online.latest', {
              // The picker works in the browser's time, so the limit is shown in it too.
              end: formatCampaignTime(campaign?.endTime),
            })}
            rules={[
              { required: true, message: t('campaigns:online.timeRequired') },
              {
                validator: (_rule, value?: Dayjs) =>
                  !value || !end || !value.isAfter(end)
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('campaigns:online.afterEnd'))),
              },
            ]}
          >
            <DatePicker
              showTime={{ format: 'HH:mm' }}
              format="YYYY-MM-DD HH:mm"
              maxDate={end ?? undefined}
              minDate={dayjs().startOf('day')}
              style={{ width: '100%' }}
              data-testid="online-at"
            />
          </Form.Item>
        )}
        <Typography.Text type="secondary">{t('campaigns:online.help')}</Typography.Text>
      </Form>
    </Modal>
  );
}
