import { Tag, Tooltip } from 'antd';
import { WarningOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** The list marker of a link or template that sends no visitor anywhere (`hasDestination: false`). */
export function NoDestinationTag() {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('links:noDestination.tagHelp')}>
      <Tag color="warning" icon={<WarningOutlined />} data-testid="no-destination-tag">
        {t('links:noDestination.tag')}
      </Tag>
    </Tooltip>
  );
}
