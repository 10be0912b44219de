import { Button, Space, Typography } from 'antd';
import { ExportOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

interface Props {
  /** The public page, `{PUBLIC_URL}/d/:id`. */
  url: string;
  /** Changes after each save so the frame shows the saved page. */
  reloadKey: number;
}

/** The saved public download page in a phone-sized frame, exactly as visitors get it. */
export function DownloadPagePreview({ url, reloadKey }: Props) {
  const { t } = useTranslation();
  return (
    <div className="gc-download-preview">
      <Space style={{ justifyContent: 'space-between', width: '100%' }}>
        <Typography.Text strong>{t('links:downloadPages.preview')}</Typography.Text>
        <Button
          type="link"
          size="small"
          icon={<ExportOutlined />}
          href={url}
          target="_blank"
          rel="noreferrer"
        >
          {t('links:downloadPages.open')}
        </Button>
      </Space>
      <div className="gc-phone-frame">
        <iframe key={reloadKey} src={url} title={t('links:downloadPages.preview')} sandbox="allow-scripts" />
      </div>
      <Typography.Text type="secondary">{t('links:downloadPages.previewHelp')}</Typography.Text>
    </div>
  );
}
