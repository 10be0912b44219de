import { Button, Dropdown, Space } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { availableCommands, type CampaignCommand } from './campaignCommands';
import type { CampaignSummary } from './campaignTypes';

interface Props {
  campaign: CampaignSummary;
  canEdit: boolean;
  onCommand(command: CampaignCommand, campaign: CampaignSummary): void;
}

const INLINE: CampaignCommand[] = ['edit', 'goOnline', 'goOffline'];
const PREVIEW: CampaignCommand[] = ['previewMobile', 'previewPc'];

/** A campaign row's actions: edit and the main status move inline, preview and the rest in menus. */
export function CampaignRowActions({ campaign, canEdit, onCommand }: Props) {
  const { t } = useTranslation();
  const commands = availableCommands(campaign, canEdit);
  const inline = INLINE.filter((command) => commands.includes(command));
  const more = commands.filter(
    (command) => command !== 'detail' && !INLINE.includes(command) && !PREVIEW.includes(command),
  );
  // While a chosen online time waits, going online again moves that time.
  const label = (command: CampaignCommand) =>
    command === 'goOnline' && campaign.status === 'scheduled'
      ? t('campaigns:command.changeOnlineTime')
      : t(`campaigns:command.${command}`);

  return (
    <Space size={0} wrap data-testid={`campaign-actions-${campaign.id}`}>
      {inline.map((command) => (
        <Button
          key={command}
          type="link"
          size="small"
          danger={command === 'goOffline'}
          onClick={() => onCommand(command, campaign)}
        >
          {label(command)}
        </Button>
      ))}
      <Dropdown
        trigger={['click']}
        menu={{
          items: PREVIEW.map((command) => ({ key: command, label: label(command) })),
          onClick: ({ key }) => onCommand(key as CampaignCommand, campaign),
        }}
      >
        <Button type="link" size="small">
          {t('campaigns:command.preview')} <DownOutlined />
        </Button>
      </Dropdown>
      <Dropdown
        trigger={['click']}
        menu={{
          items: more.map((command) => ({
            key: command,
            label: label(command),
            danger: command === 'delete',
          })),
          onClick: ({ key }) => onCommand(key as CampaignCommand, campaign),
        }}
      >
        <Button type="link" size="small">
          {t('campaigns:command.more')} <DownOutlined />
        </Button>
      </Dropdown>
    </Space>
  );
}
