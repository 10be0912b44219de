import { memo, useId } from 'react';
import { Radio, Select, Typography } from 'antd';
import { HolderOutlined } from '@ant-design/icons';
import { useDraggable, useDroppable } from '@dnd-kit/core';
import { errorsBelow } from '../../fieldIssues';
import { CellInput } from './CellInput';
import { prizeRowErrors } from './prizeRowErrors';
import type { Prize, PrizeRow } from './prizeRows';
import { PrizeOddsCell } from './PrizeOddsCell';
import { PrizeRowMenu } from './PrizeRowMenu';
import { PrizeStockCell } from './PrizeStockCell';

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
  more: string;
  remove: string;
  moveUp: string;
  moveDown: string;
  drag: string;
  row: (index: number) => string;
  fieldLabel: (field: string) => string;
  /** Several messages of one cell as separate sentences. */
  messages: (messages: string[]) => string | undefined;
  /** Messages of a field shown away from it, naming it: "Callback address: Must be …". */
  fieldMessages: (field: string, messages: string[]) => string;
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
  // The row's inputs belong to an empty form of their own. Chrome's autofill reads a changed
  // field's whole form on every keystroke, and the wizard renders no form element, so without
  // this every key in a cell read all of the page's form controls: about 450 style and layout
  // updates, 9 ms a key in a table of twenty prizes (bench:wizard's trace).
  const formId = useId();
  const at = (field: string) => errorsBelow((errors as Record<string, unknown> | undefined)?.[field]);
  const rest = prizeRowErrors(errors, texts);
  const status = (field: string) => (at(field).length > 0 ? 'error' : undefined);
  const cellError = (field: string) =>
    at(field).length > 0 ? <div className="gc-sf-cell-error">{texts.messages(at(field))}</div> : null;

  return (
    <div
      ref={drop.setNodeRef}
      role="row"
      className={`gc-prize-row${drop.isOver ? ' gc-prize-row-over' : ''}${drag.isDragging ? ' gc-prize-row-dragging' : ''}`}
      data-testid={`prize-row-${index}`}
      aria-label={texts.row(index + 1)}
    >
      <div role="cell" className="gc-prize-handle">
        <span ref={drag.setNodeRef} {...drag.listeners} {...drag.attributes} aria-label={texts.drag}>
          <HolderOutlined />
        </span>
        <span className="gc-prize-index">{index + 1}</span>
        <form id={formId} hidden onSubmit={(event) => event.preventDefault()} />
      </div>
      <div role="cell">
        <div className="gc-prize-box">
          <CellInput
            form={formId}
            aria-label={`${texts.id} ${index + 1}`}
            value={prize.id}
            status={status('id')}
            disabled={locked}
            onCommit={(id) => actions.patch(uid, { id })}
          />
        </div>
        {cellError('id')}
      </div>
      <div role="cell">
        <div className="gc-prize-box">
          <CellInput
            form={formId}
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
        </div>
        {cellError('name')}
      </div>
      <PrizeStockCell
        formId={formId}
        prize={prize}
        label={`${texts.stock} ${index + 1}`}
        unlimitedText={texts.unlimited}
        status={status('stock')}
        error={cellError('stock')}
        locked={locked}
        onPatch={(patch) => actions.patch(uid, patch)}
      />
      <PrizeOddsCell
        formId={formId}
        prize={prize}
        label={`${texts.odds} ${index + 1}`}
        thankShare={thankShare}
        remainder={texts.remainder}
        status={status('odds')}
        error={cellError('odds')}
        locked={locked}
        onPatch={(patch) => actions.patch(uid, patch)}
      />
      <div role="cell">
        <Radio
          checked={prize.isThank === true}
          disabled={locked}
          aria-label={`${texts.isThank} ${index + 1}`}
          onChange={() => actions.setThank(uid)}
        />
        {cellError('isThank')}
      </div>
      <div role="cell">
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
      </div>
      <PrizeRowMenu uid={uid} index={index} last={last} texts={texts} locked={locked} actions={actions} />
      {rest.length > 0 && (
        <div role="cell" className="gc-prize-row-errors">
          {rest.map((line) => (
            <Typography.Text key={line} type="danger" className="gc-prize-row-error">
              {line}
            </Typography.Text>
          ))}
        </div>
      )}
    </div>
  );
});
