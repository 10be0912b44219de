import { App, Button, Input, Space } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { copyText } from '../turbo/copyText';

interface Props {
  value: string;
  /** Accessible name of the field. */
  label: string;
  testId?: string;
}

/** A read-only address (serve URL, postback URL) with a copy button. */
export function CopyValue({ value, label, testId }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();

  async function copy() {
    try {
      await copyText(value);
      void message.success(t('ads:copy.done'));
    } catch {
      void message.error(t('ads:copy.failed'));
    }
  }

  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input readOnly value={value} aria-label={label} data-testid={testId} />
      <Button
        icon={<CopyOutlined />}
        onClick={() => void copy()}
        aria-label={t('ads:copy.action')}
        data-testid={testId ? `${testId}-copy` : undefined}
      >
        {t('ads:copy.action')}
      </Button>
    </Space.Compact>
  );
}
