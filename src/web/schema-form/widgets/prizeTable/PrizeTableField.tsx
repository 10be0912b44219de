import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, App, Button, Segmented, Space, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import type { FieldProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { fieldMessage } from '../../../../engine/validation/fieldMessage';
import { errorText } from '../../fieldIssues';
import { sameJson } from '../../sameJson';
import { formContextOf } from '../../schemaFormContext';
import { isObject, resolveNode } from '../../schemaNodes';
import { PrizeDetailsDrawer } from './PrizeDetailsDrawer';
import {
  moveRow,
  nextPrizeId,
  prizesOf,
  rowsOf,
  thankYouShare,
  type Prize,
  type PrizeRow,
  withKeysOf,
} from './prizeRows';
import { PrizeRowView, type PrizeRowActions, type PrizeRowTexts } from './PrizeRowView';

// One object for every render: dnd-kit's useSensor memoizes on its options, and a new sensor list
// would hand every row's useDraggable a new context, re-rendering all rows on each commit.
const POINTER_SENSOR_OPTIONS = { activationConstraint: { distance: 4 } };

/**
 * The prize list as a table (SPEC 3/4/5): id, name in the language being edited, stock or
 * unlimited, odds with the thank-you prize filled with the remainder, delivery; rows reorder by
 * dragging (dnd-kit) or from their menu, and open a drawer with every field of the prize. Rows are
 * memoized and cells are plain inputs committed on blur, so typing renders nothing.
 */
export function PrizeTableField(props: FieldProps) {
  const { formData, onChange, fieldPathId, errorSchema, schema, registry, disabled, readonly } = props;
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const context = formContextOf(registry);
  const locked = Boolean(disabled || readonly);

  const [rows, setRows] = useState<PrizeRow[]>(() => rowsOf(formData));
  const [seen, setSeen] = useState<unknown>(formData);
  if (formData !== seen) {
    // Our own commits come back (with the schema's defaults filled in by RJSF): take the data,
    // keep each row's key by position so no row remounts.
    setSeen(formData);
    if (!sameJson(formData, prizesOf(rows))) setRows(withKeysOf(rows, formData));
  }
  const rowsRef = useRef(rows);
  useEffect(() => {
    rowsRef.current = rows;
  });

  const languages = context.languages.length > 0 ? context.languages : ['zh-CN'];
  const [langChoice, setLang] = useState<string>(languages[0]);
  const lang = languages.includes(langChoice) ? langChoice : languages[0];
  const [detailsOf, setDetailsOf] = useState<string | null>(null);

  const commit = useCallback(
    (next: PrizeRow[]) => {
      setRows(next);
      rowsRef.current = next;
      onChange(prizesOf(next), fieldPathId.path);
    },
    [onChange, fieldPathId],
  );

  const actions = useMemo<PrizeRowActions>(
    () => ({
      patch: (uid, patch) =>
        commit(rowsRef.current.map((r) => (r.uid === uid ? { ...r, prize: { ...r.prize, ...patch } } : r))),
      remove: (uid) =>
        modal.confirm({
          title: t('wizard:prizes.removeConfirm'),
          okText: t('wizard:prizes.remove'),
          okButtonProps: { danger: true },
          cancelText: t('common:cancel'),
          onOk: () => commit(rowsRef.current.filter((r) => r.uid !== uid)),
        }),
      move: (uid, delta) => {
        const list = rowsRef.current;
        const at = list.findIndex((r) => r.uid === uid);
        const target = list[at + delta];
        if (target) commit(moveRow(list, uid, target.uid));
      },
      details: (uid) => setDetailsOf(uid),
      setThank: (uid) =>
        commit(
          rowsRef.current.map((r) => {
            const isThank = r.uid === uid;
            if (Boolean(r.prize.isThank) === isThank) return r;
            return { ...r, prize: { ...r.prize, isThank } };
          }),
        ),
    }),
    [commit, setDetailsOf, modal, t],
  );

  const itemNode = isObject(schema.items) ? (schema.items as Record<string, unknown>) : {};
  const item = resolveNode(context.rootSchema, itemNode).schema;
  const itemProps = (isObject(item.properties) ? item.properties : {}) as Record<
    string,
    Record<string, unknown>
  >;
  const title = (field: string) => {
    const node = itemProps[field];
    const key = node ? (node.title ?? resolveNode(context.rootSchema, node).schema.title) : undefined;
    return typeof key === 'string' ? context.text(key) : field;
  };
  const deliveryEnum = itemProps.deliveryType
    ? resolveNode(context.rootSchema, itemProps.deliveryType).schema.enum
    : undefined;
  const deliveryOptions = useMemo(
    () =>
      (Array.isArray(deliveryEnum) ? deliveryEnum : []).map((v) => ({
        value: String(v),
        label: context.enumLabel('deliveryType', v),
      })),
    // The enum comes from the schema, which does not change while the form is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [context],
  );
  const texts = useMemo<PrizeRowTexts>(
    () => ({
      id: title('id'),
      name: title('name'),
      stock: title('stock'),
      unlimited: title('unlimitedStock'),
      odds: title('odds'),
      isThank: title('isThank'),
      deliveryType: title('deliveryType'),
      remainder: (share) => t('wizard:prizes.remainder', { share }),
      details: t('wizard:prizes.details'),
      more: t('wizard:prizes.more'),
      remove: t('wizard:prizes.remove'),
      moveUp: t('wizard:prizes.moveUp'),
      moveDown: t('wizard:prizes.moveDown'),
      drag: t('wizard:prizes.drag'),
      row: (n) => t('wizard:prizes.row', { n }),
      fieldLabel: title,
      messages: (list) => errorText(list, context.lang),
      fieldMessages: (field, list) => fieldMessage(title(field), list, context.lang),
    }),
    // Titles come from the schema; re-derive with the language only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, context],
  );

  const sensors = useSensors(useSensor(PointerSensor, POINTER_SENSOR_OPTIONS), useSensor(KeyboardSensor));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) commit(moveRow(rowsRef.current, String(active.id), String(over.id)));
  };

  const prizes = rows.map((r) => r.prize);
  const odds = thankYouShare(prizes);
  const max = typeof schema.maxItems === 'number' ? schema.maxItems : undefined;
  const rowErrors = (errorSchema ?? {}) as Record<string, unknown>;
  const details = rows.find((r) => r.uid === detailsOf);
  const detailsIndex = details ? rows.indexOf(details) : -1;

  return (
    <div className="gc-prize-table" id={fieldPathId.$id}>
      <Space className="gc-prize-toolbar" wrap>
        {languages.length > 1 && (
          <Segmented
            size="small"
            className="gc-prize-langs"
            value={lang}
            onChange={(value) => setLang(String(value))}
            options={languages.map((l) => ({ value: l, label: context.enumLabel('language', l) }))}
          />
        )}
        <Typography.Text type={odds.overflow ? 'danger' : 'secondary'} data-testid="odds-summary">
          {odds.share !== null
            ? t('wizard:prizes.summaryThank', { total: odds.total, share: odds.share })
            : t('wizard:prizes.summary', { total: odds.total })}
        </Typography.Text>
      </Space>
      <DndContext sensors={sensors} onDragEnd={onDragEnd}>
        <div role="table" className="gc-prize-grid" aria-label={title('name')}>
          <div role="row" className="gc-prize-row gc-prize-head">
            <div role="columnheader" className="gc-prize-handle" />
            <div role="columnheader">{texts.id}</div>
            <div role="columnheader">{texts.name}</div>
            <div role="columnheader">{texts.stock}</div>
            <div role="columnheader">{texts.odds}</div>
            <div role="columnheader">{texts.isThank}</div>
            <div role="columnheader">{texts.deliveryType}</div>
            <div role="columnheader" />
          </div>
          {rows.map((row, index) => (
            <PrizeRowView
              key={row.uid}
              row={row}
              index={index}
              last={index === rows.length - 1}
              lang={lang}
              thankShare={row.prize.isThank ? odds.share : null}
              errors={rowErrors[index]}
              deliveryOptions={deliveryOptions}
              texts={texts}
              locked={locked}
              actions={actions}
            />
          ))}
        </div>
      </DndContext>
      {rows.length === 0 && <Alert type="info" showIcon message={t('wizard:prizes.empty')} />}
      <Space className="gc-prize-footer">
        <Button
          icon={<PlusOutlined />}
          disabled={locked || (max !== undefined && rows.length >= max)}
          onClick={() =>
            commit([
              ...rowsRef.current,
              ...rowsOf([
                {
                  id: nextPrizeId(rowsRef.current),
                  name: {},
                  deliveryType: 'system',
                  isThank: false,
                  stock: 0,
                  odds: 0,
                },
              ]),
            ])
          }
        >
          {t('wizard:prizes.add')}
        </Button>
        {max !== undefined && (
          <Typography.Text type="secondary">
            {t('wizard:semicolon.countOf', { count: rows.length, max })}
          </Typography.Text>
        )}
      </Space>
      <PrizeDetailsDrawer
        open={details !== undefined}
        prize={details?.prize}
        index={detailsIndex}
        itemSchema={itemNode}
        errors={detailsIndex >= 0 ? rowErrors[detailsIndex] : undefined}
        registry={registry}
        locked={locked}
        onClose={() => setDetailsOf(null)}
        onSave={(prize: Prize) => {
          if (details) commit(rowsRef.current.map((r) => (r.uid === details.uid ? { ...r, prize } : r)));
          setDetailsOf(null);
        }}
      />
    </div>
  );
}
