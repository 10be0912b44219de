import type { ReactNode } from 'react';
import { Typography } from 'antd';
import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

interface Props {
  /** The text shown and copied. */
  code: string;
  /** What the block is, above it. */
  label: ReactNode;
  testId: string;
  /** After a copy (e.g. to make the next copy a fresh sample). */
  onCopy?(): void;
}

/** A labelled block of code with a copy button ("Copy", "Copied"). */
export function CodeBlock({ code, label, testId, onCopy }: Props) {
  const { t } = useTranslation();
  return (
    <div className="gc-code-block" data-testid={testId}>
      <div className="gc-code-block-bar">
        <Typography.Text type="secondary">{label}</Typography.Text>
        <Typography.Text
          className="gc-code-block-copy"
          copyable={{
            text: code,
            tooltips: [t('integration:copy'), t('integration:copied')],
            icon: [
              <span key="copy">
                <CopyOutlined aria-hidden /> {t('integration:copy')}
              </span>,
              <span key="copied">
                <CheckOutlined aria-hidden /> {t('integration:copied')}
              </span>,
            ],
            onCopy,
          }}
        />
      </div>
      <pre className="gc-integration-pre gc-code-block-pre">{code}</pre>
    </div>
  );
}
