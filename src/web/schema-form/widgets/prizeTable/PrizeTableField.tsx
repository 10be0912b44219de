import { useState } from 'react';
import { Alert, Button, Space, Typography } from 'antd';
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
import { formContextOf } from '../../schemaFormContext';
import { PrizeDetailsDrawer } from './PrizeDetailsDrawer';
import { moveRow, thankYouShare, withNewPrize, type Prize } from './prizeRows';
import { PrizeRowView } from './PrizeRowView';
import { PrizeTableToolbar } from './PrizeTableToolbar';
import { usePrizeRowActions } from './usePrizeRowActions';
import { usePrizeRows } from './usePrizeRows';
import { usePrizeTableTexts } from './usePrizeTableTexts';

// One object for every render: dnd-kit's useSensor memoizes on its options, and a new sensor list
// would hand every row's useDraggable a new context, re-rendering all rows on each commit.
const POINTER_SENSOR_OPTIONS = { activationConstraint: { distance: 4 } };

/**
 * The prize list as a table: id, name in the language being edited, stock or
 * unlimited, odds with the thank-you prize filled with the remainder, delivery; rows reorder by
 * dragging (dnd-kit) or from their menu, and open a drawer with every field of the prize. Rows are
 * memoized and cells are plain inputs committed on blur, so typing renders nothing.
 */
export function PrizeTableField(props: FieldProps) {
  const { formData, onChange, fieldPathId, errorSchema, schema, registry, disabled, readonly } = props;
  const { t } = useTranslation();
  const context = formContextOf(registry);
  const locked = Boolean(disabled || readonly);
  const { rows, rowsRef, commit } = usePrizeRows(formData, onChange, fieldPathId);

  const languages = context.languages.length > 0 ? context.languages : ['zh-CN'];
  const [langChoice, setLang] = useState<string>(languages[0]);
  const lang = languages.includes(langChoice) ? langChoice : languages[0];
  const [detailsOf, setDetailsOf] = useState<string | null>(null);
  const actions = usePrizeRowActions(rowsRef, commit, setDetailsOf);
  const { itemNode, title, deliveryOptions, texts } = usePrizeTableTexts(schema.items, context);

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
      <PrizeTableToolbar
        languages={languages}
        lang={lang}
        onLang={setLang}
        odds={odds}
        enumLabel={context.enumLabel}
      />
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
          onClick={() => commit(withNewPrize(rowsRef.current))}
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
