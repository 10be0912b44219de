import { useState } from 'react';
import { App, Form, Modal, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { applyFieldErrors } from '../../api/applyFieldErrors';
import { useSession } from '../../session/useSession';
import type { CampaignChannels, CampaignSummary } from './campaignTypes';
import { ChannelListInput } from './ChannelListInput';
import { freshQuery } from './freshQuery';

interface Props {
  campaign: CampaignSummary | null;
  canEdit: boolean;
  onClose(): void;
}

/** Channel management: in-app and off-site channels, each with its own participant link. */
export function ChannelsModal({ campaign, canEdit, onClose }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { client } = useSession();
  const [form] = Form.useForm<CampaignChannels>();
  const [busy, setBusy] = useState(false);
  const key = campaign ? `/api/campaigns/${encodeURIComponent(campaign.id)}/channels` : null;
  const { data, mutate } = useSWR<CampaignChannels>(key, freshQuery);

  async function submit(values: CampaignChannels) {
    if (!key) return;
    setBusy(true);
    try {
      const saved = await client.put<CampaignChannels>(key, {
        inApp: (values.inApp ?? []).map(({ key: channelKey, name }) => ({
          key: channelKey.trim(),
          name: name.trim(),
        })),
        offSite: (values.offSite ?? []).map(({ key: channelKey, name }) => ({
          key: channelKey.trim(),
          name: name.trim(),
        })),
      });
      await mutate(saved, { revalidate: false });
      void message.success(t('common:saved'));
    } catch (error) {
      applyFieldErrors(form, error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open={!!campaign}
      title={t('campaigns:channels.title', { title: campaign?.title ?? '' })}
      okText={t('common:save')}
      cancelText={t('common:cancel')}
      okButtonProps={{ disabled: !canEdit || !data }}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      width={720}
      destroyOnHidden
    >
      {!data || !campaign ? (
        <Skeleton active />
      ) : (
        <Form<CampaignChannels>
          form={form}
          onFinish={submit}
          disabled={!canEdit}
          initialValues={{ inApp: data.inApp ?? [], offSite: data.offSite ?? [] }}
        >
          <Typography.Title level={5}>{t('campaigns:channels.inApp')}</Typography.Title>
          <Typography.Paragraph type="secondary">{t('campaigns:channels.inAppHelp')}</Typography.Paragraph>
          <ChannelListInput name="inApp" link={campaign.link} saved={data.inApp ?? []} />
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            {t('campaigns:channels.offSite')}
          </Typography.Title>
          <Typography.Paragraph type="secondary">{t('campaigns:channels.offSiteHelp')}</Typography.Paragraph>
          <ChannelListInput name="offSite" link={campaign.link} saved={data.offSite ?? []} />
        </Form>
      )}
    </Modal>
  );
}
