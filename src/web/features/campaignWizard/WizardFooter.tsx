import type { ReactNode } from 'react';
import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';

interface WizardFooterProps {
  footerExtra?: ReactNode;
  finishText?: string;
  busy?: boolean;
  /** The first step: no previous. */
  first: boolean;
  /** The last step: its action saves instead of going on. */
  last: boolean;
  onPrevious(): void;
  onNext(): void;
  onFinish(): void;
}

/** The Wizard's buttons under the step: the page's extras, previous, and next or save. */
export function WizardFooter(props: WizardFooterProps) {
  const { footerExtra, finishText, busy, first, last, onPrevious, onNext, onFinish } = props;
  const { t } = useTranslation();
  return (
    <div className="gc-wizard-footer">
      <Space wrap>
        {footerExtra}
        <Button disabled={first || busy} onClick={onPrevious}>
          {t('wizard:wizard.previous')}
        </Button>
        {last ? (
          <Button type="primary" loading={busy} onClick={onFinish}>
            {finishText ?? t('wizard:wizard.save')}
          </Button>
        ) : (
          <Button type="primary" disabled={busy} onClick={onNext}>
            {t('wizard:wizard.next')}
          </Button>
        )}
      </Space>
    </div>
  );
}
