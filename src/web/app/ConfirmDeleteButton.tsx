import type { ReactNode } from 'react';
import { Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';

interface ConfirmDeleteButtonProps {
  title: ReactNode;
  description?: ReactNode;
  onConfirm: () => unknown;
}

/** The row action every list uses: a danger "Delete" link that asks before it deletes. */
export function ConfirmDeleteButton({ title, description, onConfirm }: ConfirmDeleteButtonProps) {
  const { t } = useTranslation();
  return (
    <Popconfirm
      title={title}
      description={description}
      okText={t('common:delete')}
      cancelText={t('common:cancel')}
      okButtonProps={{ danger: true }}
      onConfirm={onConfirm}
    >
      <Button type="link" size="small" danger>
        {t('common:delete')}
      </Button>
    </Popconfirm>
  );
}
