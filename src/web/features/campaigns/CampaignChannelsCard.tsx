import { Button, Card, Empty, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CampaignDetail, Channel } from './campaignTypes';
import { channelUrl } from './participantUrl';

interface Props {
  campaign: CampaignDetail;
  onManage(): void;
}

function ChannelList({ title, channels, link }: { title: string; channels: Channel[]; link: string }) {
  const { t } = useTranslation();
  return (
    <List<Channel>
      size="small"
      header={<Typography.Text strong>{title}</Typography.Text>}
      dataSource={channels}
      locale={{ emptyText: t('campaigns:channels.none') }}
      renderItem={(channel) => {
        const url = channel.link ?? channelUrl(link, channel.key);
        return (
          <List.Item>
            <List.Item.Meta
              title={`${channel.name} (${channel.key})`}
              description={
                <Typography.Text copyable={{ text: url }} style={{ wordBreak: 'break-all' }}>
                  {url}
                </Typography.Text>
              }
            />
          </List.Item>
        );
      }}
    />
  );
}

/** The campaign's in-app and off-site channels with their own links. */
export function CampaignChannelsCard({ campaign, onManage }: Props) {
  const { t } = useTranslation();
  const channels = campaign.channels ?? { inApp: [], offSite: [] };
  const none = channels.inApp.length === 0 && channels.offSite.length === 0;
  return (
    <Card
      title={t('campaigns:detail.channels')}
      extra={
        <Button type="link" onClick={onManage}>
          {t('campaigns:command.channels')}
        </Button>
      }
    >
      {none ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('campaigns:channels.none')} />
      ) : (
        <>
          <ChannelList title={t('campaigns:channels.inApp')} channels={channels.inApp} link={campaign.link} />
          <ChannelList
            title={t('campaigns:channels.offSite')}
            channels={channels.offSite}
            link={campaign.link}
          />
        </>
      )}
    </Card>
  );
}
