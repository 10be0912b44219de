import { useState, type ReactNode } from 'react';
import { Button, Modal, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useCanEdit } from '../../app/useCanEdit';
import { turboColumns } from './turboColumns';
import { TurboListCard } from './TurboListCard';
import type { TurboRow } from './turboTypes';
import { useTurboList, type TurboKind } from './useTurboList';

interface Props<Row extends TurboRow> {
  kind: TurboKind;
  title: string;
  description: string;
  /** The label of the "new" button. */
  createLabel: string;
  /** The kind's own columns, between the name and the status. */
  own: ColumnsType<Row>;
  /** The actions column's width for a member who may edit, and for a viewer. */
  actionsWidth: readonly [editor: number, viewer: number];
  scrollX: number;
  /** The editor of the row `id`, or of a new one. */
  configPath(id?: string): string;
  /** The row's report; scripts have none. */
  reportPath?(id: string): string;
  /** The embed-code dialog's title, naming the row (none while the dialog closes). */
  embedTitle(row: Row | null): string;
  /** The row's embed code. */
  snippet(row: Row): ReactNode;
}

/**
 * A Turbo list page (banners or scripts): the head with the "new" button, the searchable list with
 * each row's confirmed writes, and the embed-code dialog of the row being embedded. Viewers see the
 * list and open rows read-only.
 */
export function TurboListFrame<Row extends TurboRow>({
  kind,
  title,
  description,
  createLabel,
  own,
  actionsWidth,
  scrollX,
  configPath,
  reportPath,
  embedTitle,
  snippet,
}: Props<Row>) {
  const navigate = useNavigate();
  const canEdit = useCanEdit();
  const list = useTurboList<Row>(kind);
  const [embedding, setEmbedding] = useState<Row | null>(null);
  const { t } = useTranslation();
  const columns = turboColumns<Row>({
    t,
    kind,
    canEdit,
    own,
    actionsWidth,
    configPath,
    reportPath,
    navigate,
    embed: setEmbedding,
    setStatusOf: list.setStatusOf,
    remove: list.remove,
  });

  const create = (place: 'head' | 'empty') =>
    canEdit && (
      <Button
        type="primary"
        icon={<PlusOutlined />}
        onClick={() => navigate(configPath())}
        data-testid={place === 'head' ? `turbo-${kind}-new` : `turbo-${kind}-new-empty`}
      >
        {createLabel}
      </Button>
    );

  return (
    <div className="gc-page">
      <div className="gc-page-head">
        <div>
          <Typography.Title level={3}>{title}</Typography.Title>
          <Typography.Text type="secondary">{description}</Typography.Text>
        </div>
        {create('head')}
      </div>
      <TurboListCard kind={kind} list={list} columns={columns} create={create} scrollX={scrollX} />
      <Modal
        open={Boolean(embedding)}
        title={embedTitle(embedding)}
        footer={null}
        width={720}
        onCancel={() => setEmbedding(null)}
        destroyOnHidden
      >
        {embedding && snippet(embedding)}
      </Modal>
    </div>
  );
}
