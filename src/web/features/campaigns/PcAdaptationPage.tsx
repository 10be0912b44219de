import { useState } from 'react';
import { Button, Card, Empty, Segmented, Space, Typography } from 'antd';
import { ExportOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { CampaignPicker } from './CampaignPicker';
import { DeviceFrame } from './DeviceFrame';
import { absoluteUrl } from './participantUrl';
import { useCampaign } from './useCampaign';
import { usePreviewSrc } from './usePreviewSrc';

const WIDTHS = [1024, 1280, 1440, 1920];

/** campaignPcAdaptation: the participant page in a desktop frame at common screen widths. */
export function PcAdaptationPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const id = search.get('id');
  const [width, setWidth] = useState(1280);
  const { data: campaign } = useCampaign(id);
  const src = usePreviewSrc(id, campaign?.link);

  return (
    <div className="gc-page">
      <div className="gc-page-head">
        <div>
          <Typography.Title level={3}>{t('menu:page.campaignPcAdaptation')}</Typography.Title>
          <Typography.Text type="secondary">{t('campaigns:pc.description')}</Typography.Text>
        </div>
        <CampaignPicker value={id} onChange={(next) => setSearch({ id: next })} />
      </div>
      <Card
        title={campaign?.title}
        extra={
          <Space wrap>
            <Segmented<number>
              value={width}
              onChange={setWidth}
              options={WIDTHS.map((value) => ({ value, label: `${value}px` }))}
              aria-label={t('campaigns:pc.width')}
            />
            {src && (
              <Button icon={<ExportOutlined />} href={src} target="_blank" rel="noopener noreferrer">
                {t('campaigns:pc.open')}
              </Button>
            )}
          </Space>
        }
      >
        {id ? (
          <DeviceFrame
            device="pc"
            src={src}
            width={width}
            title={t('campaigns:preview.frameTitle')}
            address={campaign ? absoluteUrl(campaign.link) : ''}
          />
        ) : (
          <Empty description={t('campaigns:picker.choose')} />
        )}
      </Card>
    </div>
  );
}
