import { Alert, App, Button, Space, Spin, Typography } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { copyText } from './copyText';
import './turbo.css';

interface Props {
  /** The code to paste into the web page; undefined while what it needs loads. */
  snippet: string | undefined;
  loading: boolean;
  /** Why there is no code (the access key could not be read). */
  failed?: boolean;
}

/** Embed code as the page's developer pastes it, with a copy button. */
export function SnippetBlock({ snippet, loading, failed }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();

  async function copy() {
    if (!snippet) return;
    try {
      await copyText(snippet);
      void message.success(t('turbo:snippet.copied'));
    } catch {
      void message.error(t('turbo:snippet.copyFailed'));
    }
  }

  if (failed) return <Alert type="error" showIcon title={t('turbo:snippet.keyFailed')} />;
  return (
    <Spin spinning={loading}>
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t('turbo:snippet.help')}</Typography.Text>
        <pre className="gc-turbo-snippet" data-testid="turbo-snippet">
          {snippet ?? ''}
        </pre>
        <Button
          type="primary"
          icon={<CopyOutlined />}
          disabled={!snippet}
          onClick={() => void copy()}
          data-testid="turbo-snippet-copy"
        >
          {t('turbo:snippet.copy')}
        </Button>
      </Space>
    </Spin>
  );
}
