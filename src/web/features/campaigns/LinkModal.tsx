import { useRef } from 'react';
import { App, Button, Modal, QRCode, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { CampaignSummary } from './campaignTypes';
import { absoluteUrl } from './participantUrl';
import './campaigns.css';

interface Props {
  campaign: CampaignSummary | null;
  onClose(): void;
}

/** Get link: the participant address to copy and its QR code (downloadable as PNG). */
export function LinkModal({ campaign, onClose }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const qr = useRef<HTMLDivElement>(null);
  const link = campaign ? absoluteUrl(campaign.link) : '';

  function downloadQr() {
    const canvas = qr.current?.querySelector('canvas');
    if (!canvas) return;
    const anchor = document.createElement('a');
    anchor.href = canvas.toDataURL('image/png');
    anchor.download = `${campaign?.id ?? 'campaign'}-qr.png`;
    anchor.click();
    void message.success(t('campaigns:link.downloaded'));
  }

  return (
    <Modal
      open={!!campaign}
      title={t('campaigns:link.title')}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      <div className="gc-qr">
        <Typography.Paragraph
          data-testid="campaign-link"
          copyable={{
            text: link,
            tooltips: [t('campaigns:link.copy'), t('campaigns:link.copied')],
            onCopy: () => void message.success(t('campaigns:link.copied')),
          }}
          style={{ wordBreak: 'break-all', marginBottom: 0 }}
        >
          {link}
        </Typography.Paragraph>
        <div ref={qr} data-testid="campaign-qr">
          {link && <QRCode value={link} type="canvas" size={200} errorLevel="M" />}
        </div>
        <Button icon={<DownloadOutlined />} onClick={downloadQr}>
          {t('campaigns:link.downloadQr')}
        </Button>
      </div>
    </Modal>
  );
}
