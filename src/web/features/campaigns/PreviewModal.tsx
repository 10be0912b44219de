import { useState } from 'react';
import { Modal, Segmented, Space } from 'antd';
import { DesktopOutlined, MobileOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { CampaignSummary } from './campaignTypes';
import { DeviceFrame, type Device } from './DeviceFrame';
import { absoluteUrl } from './participantUrl';
import { usePreviewSrc } from './usePreviewSrc';

interface Props {
  campaign: CampaignSummary | null;
  device: Device;
  onClose(): void;
}

/** Preview on mobile or PC: the participant page rendered from the saved config, in a device frame. */
export function PreviewModal({ campaign, device: initial, onClose }: Props) {
  const { t } = useTranslation();
  const [device, setDevice] = useState<Device>(initial);
  const src = usePreviewSrc(campaign?.id, campaign?.link);

  return (
    <Modal
      open={!!campaign}
      title={t('campaigns:preview.title', { title: campaign?.title ?? '' })}
      footer={null}
      width={device === 'pc' ? 1100 : 480}
      onCancel={onClose}
      destroyOnHidden
      centered
    >
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Segmented<Device>
          value={device}
          onChange={setDevice}
          options={[
            { value: 'mobile', icon: <MobileOutlined />, label: t('campaigns:preview.mobile') },
            { value: 'pc', icon: <DesktopOutlined />, label: t('campaigns:preview.pc') },
          ]}
        />
        <DeviceFrame
          device={device}
          src={src}
          title={t('campaigns:preview.frameTitle')}
          address={campaign ? absoluteUrl(campaign.link) : ''}
        />
      </Space>
    </Modal>
  );
}
