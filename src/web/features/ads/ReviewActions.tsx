import { useState } from 'react';
import { Button, Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { AdvancedOnly } from './AdvancedOnly';
import { ReviewNoteModal } from './ReviewNoteModal';

interface Props {
  /** Named in the confirmations. */
  name: string;
  /** Whether the caller is an advanced ads user (undefined while unknown). */
  advanced: boolean | undefined;
  onApprove(): Promise<unknown>;
  /** Throws the RequestError of a refused rejection (field errors under the note). */
  onReject(note: string): Promise<void>;
}

/**
 * Approve (confirmed first) or reject with a reason: the review of an ad plan, an ad campaign or
 * a withdrawal. Advanced users only: others see both disabled with the reason.
 */
export function ReviewActions({ name, advanced, onApprove, onReject }: Props) {
  const { t } = useTranslation();
  const [rejecting, setRejecting] = useState(false);
  const disabled = advanced !== true;
  return (
    <Space size={0}>
      <AdvancedOnly advanced={advanced}>
        <Popconfirm
          title={t('ads:review.approveTitle')}
          description={t('ads:review.approveConfirm', { name })}
          okText={t('ads:review.approve')}
          cancelText={t('common:cancel')}
          onConfirm={onApprove}
          disabled={disabled}
        >
          <Button type="link" size="small" disabled={disabled} data-testid="ads-review-approve">
            {t('ads:review.approve')}
          </Button>
        </Popconfirm>
      </AdvancedOnly>
      <AdvancedOnly advanced={advanced}>
        <Button
          type="link"
          size="small"
          danger
          disabled={disabled}
          onClick={() => setRejecting(true)}
          data-testid="ads-review-reject"
        >
          {t('ads:review.reject')}
        </Button>
      </AdvancedOnly>
      <ReviewNoteModal
        open={rejecting}
        name={name}
        onClose={() => setRejecting(false)}
        onReject={async (note) => {
          await onReject(note);
          setRejecting(false);
        }}
      />
    </Space>
  );
}
