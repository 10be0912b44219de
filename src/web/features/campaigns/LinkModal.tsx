import { useRef } from 'react';
import { App, Button, Divider, Modal, QRCode, Tabs, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { projectPath } from '../../app/routeTable';
import { useSession } from '../../session/useSession';
import { CodeBlock } from '../integration/sdk/CodeBlock';
import type { CampaignSummary } from './campaignTypes';
import {
  API_SECRET_VARIABLE,
  HANDOFF_LANGUAGE_NAMES,
  HANDOFF_LANGUAGES,
  handoffSnippet,
  participantBase,
  SAMPLE_USER_ID,
} from './handoffSnippets';
import { absoluteUrl } from './participantUrl';
import '../integration/integration.css';
import './campaigns.css';

interface Props {
  campaign: CampaignSummary | null;
  onClose(): void;
}

const FORMULA = 'sig = base64url(HMAC-SHA256(apiSecret, campaignId + "." + userId + "." + exp))';

/** How a customer's server signs its users into the campaign: the rule, the URL and programs. */
function HandoffGuide({ link, campaignId }: { link: string; campaignId: string }) {
  const { t } = useTranslation();
  const { projectId } = useSession();
  const base = participantBase(link);
  const page = `${base}/p/${encodeURIComponent(campaignId)}`;
  const code = <Typography.Text code />;
  const accessKeyPage = <Link to={projectPath('accessToken/:projectId', projectId)} />;
  return (
    <section className="gc-handoff" data-testid="handoff-guide">
      <Typography.Title level={5}>{t('campaigns:link.handoff.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('campaigns:link.handoff.intro')}</Typography.Paragraph>
      <pre className="gc-integration-pre" data-testid="handoff-url">
        {`${page}?u=<userId>&exp=<exp>&sig=<sig>`}
      </pre>
      <Typography.Paragraph type="secondary" className="gc-handoff-gap">
        {t('campaigns:link.handoff.formula')}
      </Typography.Paragraph>
      <pre className="gc-integration-pre" data-testid="handoff-formula">
        {FORMULA}
      </pre>
      <Typography.Paragraph type="secondary" className="gc-handoff-gap">
        <Trans i18nKey="campaigns:link.handoff.exp" components={{ code }} />
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary" data-testid="handoff-secret">
        <Trans i18nKey="campaigns:link.handoff.secret" components={{ page: accessKeyPage }} />
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">
        <Trans
          i18nKey="campaigns:link.handoff.examples"
          values={{ variable: API_SECRET_VARIABLE, userId: SAMPLE_USER_ID }}
          components={{ code }}
        />
      </Typography.Paragraph>
      <Tabs
        size="small"
        items={HANDOFF_LANGUAGES.map((language) => ({
          key: language,
          label: HANDOFF_LANGUAGE_NAMES[language],
          forceRender: true,
          children: (
            <CodeBlock
              testId={`handoff-snippet-${language}`}
              label={t('campaigns:link.handoff.snippetLabel', {
                language: HANDOFF_LANGUAGE_NAMES[language],
              })}
              code={handoffSnippet(language, { base, campaignId })}
            />
          ),
        }))}
      />
      <Typography.Paragraph type="secondary" className="gc-handoff-gap" data-testid="handoff-token">
        <Trans i18nKey="campaigns:link.handoff.token" components={{ code }} />
      </Typography.Paragraph>
      <pre className="gc-integration-pre">{`${page}?token=<app token>`}</pre>
      <Typography.Paragraph type="secondary" className="gc-handoff-gap" style={{ marginBottom: 0 }}>
        {t('campaigns:link.handoff.anonymous')}
      </Typography.Paragraph>
    </section>
  );
}

/**
 * Get link: the participant address to copy and its QR code (downloadable as PNG), and how a
 * customer's server signs its users in (the signed hand-off, with programs in five languages,
 * the app token and anonymous play).
 */
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
      width={760}
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
      {campaign && link && (
        <>
          <Divider />
          <HandoffGuide link={link} campaignId={campaign.id} />
        </>
      )}
    </Modal>
  );
}
