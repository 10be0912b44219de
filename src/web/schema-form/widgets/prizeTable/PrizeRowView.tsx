import { memo } from 'react';
import { Button, Checkbox, Radio, Select, Space, Tooltip, Typography } from 'antd';
import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  EditOutlined,
  HolderOutlined,
} from '@ant-design/icons';
import { useDraggable, useDroppable } from '@dnd-kit/core';
import { errorsBelow } from '../../fieldIssues';
import { CommitInput } from '../CommitInput';
import { CommitNumber } from '../CommitNumber';
import type { Prize, PrizeRow } from './prizeRows';

/** Fields the row edits in place; errors of other fields are listed under the row. */
const CELL_FIELDS = new Set(['id', 'name', 'stock', 'unlimitedStock', 'odds', 'isThank', 'deliveryType']);

export interface PrizeRowActions {
  patch(uid: string, patch: Partial<Prize>): void;
  remove(uid: string): void;
  move(uid: string, delta: number): void;
  details(uid: string): void;
  setThank(uid: string): void;
}

export interface PrizeRowTexts {
  id: string;
  name: string;
  stock: string;
  unlimited: string;
  odds: string;
  isThank: string;
  deliveryType: string;
  remainder: (share: number) => string;
  details: string;
  remove: string;
  moveUp: string;
  moveDown: string;
  drag: string;
  row: (index: number) => string;
  fieldLabel: (field: string) => string;
}

interface PrizeRowViewProps {
  row: PrizeRow;
  index: number;
  last: boolean;
  lang: string;
  /** The thank-you share, given to the thank-you row only (other rows get null and stay memoized). */
  thankShare: number | null;
  errors: unknown;
  deliveryOptions: Array<{ value: string; label: string }>;
  texts: PrizeRowTexts;
  locked: boolean;
  actions: PrizeRowActions;
}

/** One prize of the prize table; memoized so an edit re-renders its own row only. */
export const PrizeRowView = memo(function PrizeRowView(props: PrizeRowViewProps) {
  const { row, index, last, lang, thankShare, errors, deliveryOptions, texts, locked, actions } = props;
  const { prize, uid } = row;
  const drag = useDraggable({ id: uid, disabled: locked });
  const drop = useDroppable({ id: uid, disabled: locked });
  const at = (field: string) => errorsBelow((errors as Record<string, unknown> | undefined)?.[field]);
  const rest =
    errors && typeof errors === 'object'
      ? Object.entries(errors as Record<string, unknown>)
          .filter(([field]) => !CELL_FIELDS.has(field))
          .flatMap(([field, node]) =>
            field === '__errors'
              ? errorsBelow({ __errors: node })
              : errorsBelow(node).map((m) => `${texts.fieldLabel(field)}: ${m}`),
          )
      : [];
  const status = (field: string) => (at(field).length > 0 ? 'error' : undefined);
  const cellError = (field: string) =>
    at(field).length > 0 ? <div className="gc-sf-cell-error">{at(field).join(' ')}</div> : null;

  return (
    <>
      <tr
        ref={drop.setNodeRef}
        className={`gc-prize-row${drop.isOver ? ' gc-prize-row-over' : ''}${drag.isDragging ? ' gc-prize-row-dragging' : ''}`}
        data-testid={`prize-row-${index}`}
        aria-label={texts.row(index + 1)}
      >
        <td className="gc-prize-handle">
          <span ref={drag.setNodeRef} {...drag.listeners} {...drag.attributes} aria-label={texts.drag}>
            <HolderOutlined />
          </span>
          <span className="gc-prize-index">{index + 1}</span>
        </td>
        <td>
          <CommitInput
            aria-label={`${texts.id} ${index + 1}`}
            value={prize.id}
            status={status('id')}
            disabled={locked}
            onCommit={(id) => actions.patch(uid, { id })}
          />
          {cellError('id')}
        </td>
        <td>
          <CommitInput
            aria-label={`${texts.name} ${index + 1}`}
            value={prize.name?.[lang]}
            status={status('name')}
            disabled={locked}
            onCommit={(text) => {
              const name = { ...(prize.name ?? {}) };
              if (text === '') delete name[lang];
              else name[lang] = text;
              actions.patch(uid, { name });
            }}
          />
          {cellError('name')}
        </td>
        <td>
          {prize.isThank ? (
            <Typography.Text type="secondary">—</Typography.Text>
          ) : (
            <Space size={4} direction="vertical">
              <CommitNumber
                aria-label={`${texts.stock} ${index + 1}`}
                value={prize.stock}
                min={0}
                max={99999999}
                precision={0}
                status={status('stock')}
                disabled={locked || prize.unlimitedStock === true}
                onCommit={(stock) => actions.patch(uid, { stock })}
              />
              <Checkbox
                checked={prize.unlimitedStock === true}
                disabled={locked}
                onChange={(event) => actions.patch(uid, { unlimitedStock: event.target.checked })}
              >
                {texts.unlimited}
              </Checkbox>
            </Space>
          )}
          {cellError('stock')}
        </td>
        <td>
          {prize.isThank ? (
            <Tooltip title={texts.remainder(thankShare ?? 0)}>
              <Typography.Text data-testid="thank-share">
                {thankShare === null ? '—' : `${thankShare}%`}
              </Typography.Text>
            </Tooltip>
          ) : (
            <CommitNumber
              aria-label={`${texts.odds} ${index + 1}`}
              value={prize.odds}
              min={0}
              max={100}
              precision={2}
              suffix="%"
              status={status('odds')}
              disabled={locked}
              onCommit={(odds) => actions.patch(uid, { odds })}
            />
          )}
          {cellError('odds')}
        </td>
        <td>
          <Radio
            checked={prize.isThank === true}
            disabled={locked}
            aria-label={`${texts.isThank} ${index + 1}`}
            onChange={() => actions.setThank(uid)}
          />
          {cellError('isThank')}
        </td>
        <td>
          <Select
            aria-label={`${texts.deliveryType} ${index + 1}`}
            className="gc-prize-delivery"
            value={prize.deliveryType}
            options={deliveryOptions}
            status={status('deliveryType')}
            disabled={locked}
            onChange={(deliveryType: string) => actions.patch(uid, { deliveryType })}
          />
          {cellError('deliveryType')}
        </td>
        <td className="gc-prize-actions">
          <Button
            size="small"
            type="text"
            icon={<ArrowUpOutlined />}
            aria-label={texts.moveUp}
            disabled={locked || index === 0}
            onClick={() => actions.move(uid, -1)}
          />
          <Button
            size="small"
            type="text"
            icon={<ArrowDownOutlined />}
            aria-label={texts.moveDown}
            disabled={locked || last}
            onClick={() => actions.move(uid, 1)}
          />
          <Button
            size="small"
            type="text"
            icon={<EditOutlined />}
            aria-label={`${texts.details} ${index + 1}`}
            onClick={() => actions.details(uid)}
          />
          <Button
            size="small"
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={`${texts.remove} ${index + 1}`}
            disabled={locked}
            onClick={() => actions.remove(uid)}
          />
        </td>
      </tr>
      {rest.length > 0 && (
        <tr className="gc-prize-row-errors">
          <td />
          <td colSpan={7}>
            <Typography.Text type="danger">{rest.join('; ')}</Typography.Text>
          </td>
        </tr>
      )}
    </>
  );
});
