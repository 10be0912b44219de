import { useState } from 'react';
import { App, Empty, Form, Modal, Select, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { RequestError } from '../../api/RequestError';
import { useSession } from '../../session/useSession';
import type { CampaignDetail, CampaignSummary } from './campaignTypes';
import { freshQuery } from './freshQuery';

interface DownloadPage {
  id: string;
  name?: string;
  title?: string;
}

interface Props {
  campaign: CampaignSummary | null;
  canEdit: boolean;
  onClose(): void;
}

// The project's download pages; when they cannot be read, the dialog says so instead of
// offering invented pages.
const PAGES_URL = '/api/download-pages?pageSize=100';

/** Bind a dynamic download page to a campaign (or unbind it). */
export function DownloadPageModal({ campaign, canEdit, onClose }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { client } = useSession();
  const [busy, setBusy] = useState(false);
  const [choice, setChoice] = useState<string | null | undefined>(undefined);
  const detailKey = campaign ? `/api/campaigns/${encodeURIComponent(campaign.id)}` : null;
  const { data: detail, mutate } = useSWR<CampaignDetail>(detailKey, freshQuery);
  const pages = useSWR(campaign ? PAGES_URL : null, (url: string) =>
    client.get<DownloadPage[] | { items: DownloadPage[] }>(url, undefined, { silent: true }),
  );
  const missing = pages.error instanceof RequestError && pages.error.status === 404;
  const list = Array.isArray(pages.data) ? pages.data : (pages.data?.items ?? []);
  const selected = choice === undefined ? (detail?.downloadPageId ?? null) : choice;

  async function save() {
    if (!campaign) return;
    setBusy(true);
    try {
      await client.put(`/api/campaigns/${encodeURIComponent(campaign.id)}/download-page`, {
        downloadPageId: selected,
      });
      await mutate();
      void message.success(t('common:saved'));
      onClose();
    } catch {
      // The request client has shown why.
    } finally {
      setBusy(false);
    }
  }

  const loading = !detail || (!pages.data && !pages.error);
  const options = list.map((page) => ({ value: page.id, label: page.name ?? page.title ?? page.id }));
  if (detail?.downloadPageId && !options.some((option) => option.value === detail.downloadPageId))
    options.push({ value: detail.downloadPageId, label: detail.downloadPageId });

  return (
    <Modal
      open={!!campaign}
      title={t('campaigns:downloadPage.title')}
      okText={t('common:save')}
      cancelText={t('common:cancel')}
      okButtonProps={{ disabled: !canEdit || loading || (options.length === 0 && !detail?.downloadPageId) }}
      confirmLoading={busy}
      onOk={save}
      onCancel={onClose}
      destroyOnHidden
    >
      {loading ? (
        <Skeleton active />
      ) : options.length === 0 ? (
        <Empty
          data-testid="download-pages-empty"
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t(missing ? 'campaigns:downloadPage.unavailable' : 'campaigns:downloadPage.empty')}
        />
      ) : (
        <Form layout="vertical">
          <Form.Item label={t('campaigns:downloadPage.page')} extra={t('campaigns:downloadPage.help')}>
            <Select
              allowClear
              value={selected ?? undefined}
              onChange={(value?: string) => setChoice(value ?? null)}
              options={options}
              placeholder={t('campaigns:downloadPage.none')}
              disabled={!canEdit}
            />
          </Form.Item>
          {pages.error && !missing && (
            <Typography.Text type="danger">{t('campaigns:downloadPage.loadFailed')}</Typography.Text>
          )}
        </Form>
      )}
    </Modal>
  );
}
