import type { ReactNode } from 'react';
import { Button, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { BackButton } from './BackButton';

interface EditorPageHeadProps {
  /** The list the page came from: back and cancel go there. */
  listPath: string;
  /** The back arrow's name for screen readers. */
  backLabel: string;
  title: ReactNode;
  /** Under the title (a description, a count, the saved item's address). */
  subtitle?: ReactNode;
  /** Cancel and save show only to members who may edit. */
  canEdit: boolean;
  busy: boolean;
  saveDisabled?: boolean;
  saveTestId?: string;
  onSave(): void;
}

/** The head of an editor page: back to its list, the title over a subtitle, then cancel and save. */
export function EditorPageHead(props: EditorPageHeadProps) {
  const { listPath, backLabel, title, subtitle, canEdit, busy, saveDisabled, saveTestId, onSave } = props;
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="gc-page-head">
      <Space align="center">
        <BackButton to={listPath} label={backLabel} />
        <div>
          <Typography.Title level={3}>{title}</Typography.Title>
          {subtitle}
        </div>
      </Space>
      {canEdit && (
        <Space>
          <Button onClick={() => navigate(listPath)}>{t('common:cancel')}</Button>
          <Button
            type="primary"
            loading={busy}
            disabled={saveDisabled}
            onClick={onSave}
            data-testid={saveTestId}
          >
            {t('common:save')}
          </Button>
        </Space>
      )}
    </div>
  );
}
