import { Button, Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteButton } from '../../app/ConfirmDeleteButton';
import type { TurboKind } from './useTurboList';
import type { TurboRow, TurboStatus } from './turboTypes';

interface Props {
  kind: TurboKind;
  row: TurboRow;
  canEdit: boolean;
  onOpen(): void;
  /** The banner's report; scripts have none. */
  onReport?(): void;
  onEmbed(): void;
  onStatus(status: TurboStatus): unknown;
  onDelete(): unknown;
}

/**
 * A banner's or script's row actions: edit (view for viewers), report, embed code, go online or
 * take offline, delete; each write asks first.
 */
export function TurboRowActions({
  kind,
  row,
  canEdit,
  onOpen,
  onReport,
  onEmbed,
  onStatus,
  onDelete,
}: Props) {
  const { t } = useTranslation();
  const next: TurboStatus = row.status === 'online' ? 'offline' : 'online';
  return (
    <Space size={0} wrap>
      <Button type="link" size="small" onClick={onOpen}>
        {canEdit ? t('common:edit') : t('turbo:list.view')}
      </Button>
      {onReport && (
        <Button type="link" size="small" onClick={onReport}>
          {t('turbo:list.report')}
        </Button>
      )}
      <Button type="link" size="small" onClick={onEmbed}>
        {t('turbo:list.embed')}
      </Button>
      {canEdit && (
        <Popconfirm
          title={t(`turbo:${kind}.${next}.title`)}
          description={t(`turbo:${kind}.${next}.confirm`, { name: row.name })}
          okText={t(`turbo:action.${next}`)}
          cancelText={t('common:cancel')}
          okButtonProps={{ danger: next === 'offline' }}
          onConfirm={() => onStatus(next)}
        >
          <Button type="link" size="small">
            {t(`turbo:action.${next}`)}
          </Button>
        </Popconfirm>
      )}
      {canEdit && (
        <ConfirmDeleteButton
          title={t(`turbo:${kind}.delete.title`)}
          description={t(`turbo:${kind}.delete.confirm`, { name: row.name })}
          onConfirm={onDelete}
        />
      )}
    </Space>
  );
}
