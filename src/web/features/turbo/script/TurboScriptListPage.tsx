import { useMemo, useState } from 'react';
import { Button, Modal, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useCanEdit } from '../../../app/useCanEdit';
import { useSession } from '../../../session/useSession';
import { formatTime } from '../../links/formatTime';
import { useOptions } from '../../links/useOptions';
import { TurboListCard } from '../TurboListCard';
import { TurboRowActions } from '../TurboRowActions';
import { TurboStatusTag } from '../TurboStatusTag';
import { scriptConfigPath } from '../turboPaths';
import type { TurboScriptRow, TurboStatus } from '../turboTypes';
import { useTurboList } from '../useTurboList';
import { ScriptSnippet } from './ScriptSnippet';

/**
 * Turbo Script (turboScript): the project's link-rewriting scripts with the template whose links
 * they rewrite (or every link) and their status; search by name, filter by status; new, edit,
 * embed code, go online / take offline and delete, each write confirmed first (SPEC 4).
 */
export function TurboScriptListPage() {
  const { t } = useTranslation();
  const { projectId } = useSession();
  const navigate = useNavigate();
  const canEdit = useCanEdit();
  const list = useTurboList<TurboScriptRow>('script');
  const templates = useOptions('/api/link-templates');
  const templateNames = useMemo(
    () => new Map(templates.items.map((item) => [item.id, item.name])),
    [templates.items],
  );
  const [embedding, setEmbedding] = useState<TurboScriptRow | null>(null);

  const columns: ColumnsType<TurboScriptRow> = [
    {
      title: t('turbo:list.name'),
      dataIndex: 'name',
      render: (name: string, row) => <Link to={scriptConfigPath(projectId, row.id)}>{name}</Link>,
    },
    {
      title: t('turbo:script.template'),
      dataIndex: 'templateId',
      width: 240,
      render: (templateId: string | null) =>
        templateId ? (
          (templateNames.get(templateId) ?? <Typography.Text code>{templateId}</Typography.Text>)
        ) : (
          <Typography.Text type="secondary">{t('turbo:script.everyLink')}</Typography.Text>
        ),
    },
    {
      title: t('turbo:list.status'),
      dataIndex: 'status',
      width: 100,
      render: (value: TurboStatus) => <TurboStatusTag status={value} />,
    },
    {
      title: t('turbo:list.updatedAt'),
      dataIndex: 'updatedAt',
      width: 160,
      render: formatTime,
    },
    {
      title: t('common:actions'),
      key: 'actions',
      fixed: 'right',
      width: canEdit ? 260 : 140,
      render: (_value, row) => (
        <TurboRowActions
          kind="script"
          row={row}
          canEdit={canEdit}
          onOpen={() => navigate(scriptConfigPath(projectId, row.id))}
          onEmbed={() => setEmbedding(row)}
          onStatus={(next) => list.setStatusOf(row, next)}
          onDelete={() => list.remove(row)}
        />
      ),
    },
  ];

  const create = (place: 'head' | 'empty') =>
    canEdit && (
      <Button
        type="primary"
        icon={<PlusOutlined />}
        onClick={() => navigate(scriptConfigPath(projectId))}
        data-testid={place === 'head' ? 'turbo-script-new' : 'turbo-script-new-empty'}
      >
        {t('turbo:script.create')}
      </Button>
    );

  return (
    <div className="gc-page">
      <div className="gc-page-head">
        <div>
          <Typography.Title level={3}>{t('menu:page.turboScript')}</Typography.Title>
          <Typography.Text type="secondary">{t('turbo:script.description')}</Typography.Text>
        </div>
        {create('head')}
      </div>
      <TurboListCard kind="script" list={list} columns={columns} create={create} scrollX={1000} />
      <Modal
        open={Boolean(embedding)}
        title={t('turbo:snippet.scriptTitle', { name: embedding?.name ?? '' })}
        footer={null}
        width={720}
        onCancel={() => setEmbedding(null)}
        destroyOnHidden
      >
        {embedding && <ScriptSnippet scriptId={embedding.id} online={embedding.status === 'online'} />}
      </Modal>
    </div>
  );
}
