import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { Link } from 'react-router-dom';
import { formatTime } from '../links/formatTime';
import { TurboRowActions } from './TurboRowActions';
import { TurboStatusTag } from './TurboStatusTag';
import type { TurboKind } from './useTurboList';
import type { TurboRow, TurboStatus } from './turboTypes';

interface TurboColumnsInput<Row extends TurboRow> {
  t: TFunction;
  kind: TurboKind;
  canEdit: boolean;
  /** The kind's own columns, between the name and the status. */
  own: ColumnsType<Row>;
  /** The actions column's width for a member who may edit, and for a viewer. */
  actionsWidth: readonly [editor: number, viewer: number];
  /** The row's editor (read-only for a viewer). */
  configPath(id: string): string;
  /** The row's report; scripts have none. */
  reportPath?(id: string): string;
  navigate(path: string): void;
  embed(row: Row): void;
  setStatusOf(row: Row, next: TurboStatus): unknown;
  remove(row: Row): unknown;
}

/**
 * A Turbo list's columns: the name opening the editor, the kind's own columns, status, last update
 * and the row's actions.
 */
export function turboColumns<Row extends TurboRow>({
  t,
  kind,
  canEdit,
  own,
  actionsWidth,
  configPath,
  reportPath,
  navigate,
  embed,
  setStatusOf,
  remove,
}: TurboColumnsInput<Row>): ColumnsType<Row> {
  return [
    {
      title: t('turbo:list.name'),
      dataIndex: 'name',
      render: (name: string, row) => <Link to={configPath(row.id)}>{name}</Link>,
    },
    ...own,
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
      width: canEdit ? actionsWidth[0] : actionsWidth[1],
      render: (_value, row) => (
        <TurboRowActions
          kind={kind}
          row={row}
          canEdit={canEdit}
          onOpen={() => navigate(configPath(row.id))}
          onReport={reportPath && (() => navigate(reportPath(row.id)))}
          onEmbed={() => embed(row)}
          onStatus={(next) => setStatusOf(row, next)}
          onDelete={() => remove(row)}
        />
      ),
    },
  ];
}
