import { useState } from 'react';
import { DatePicker, Form, Modal, Radio, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { fromWallClock, toWallClock } from '../../schema-form/widgets/gmtTime';
import type { CampaignSummary } from './campaignTypes';
import { formatCampaignTime, gmtOffsetMinutes } from './formatCampaignTime';

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
  // The time is picked in the campaign's own time zone (the browser's when it has none): the
  // picker's fields are that zone's wall clock, so past days grey out by the campaign's today.
  const offset = gmtOffsetMinutes(campaign?.timezone);
  const wall = (iso: string) => (offset === null ? dayjs(iso) : toWallClock(iso, offset));
  const end = campaign ? wall(campaign.endTime) : null;
  const today = wall(new Date().toISOString())?.startOf('day');

  async function submit(values: GoOnlineForm) {
    setBusy(true);
    try {
      const at = values.when === 'at' && values.at ? values.at.second(0) : null;
      await onSubmit(at ? (offset === null ? at.toISOString() : fromWallClock(at, offset)) : null);
    } catch {
      // The request client has shown why.
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open={!!campaign}
      title={
        campaign?.status === 'scheduled'
          ? t('campaigns:command.changeOnlineTime')
          : t('campaigns:online.title')
      }
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
            label={
              campaign?.timezone && offset !== null
                ? t('campaigns:online.timeIn', { timezone: campaign.timezone })
                : t('campaigns:online.time')
            }
            extra={t('campaigns:online.latest', {
              end: formatCampaignTime(campaign?.endTime, campaign?.timezone),
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
              minDate={today ?? undefined}
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
