import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldMessage } from '../../../../engine/validation/fieldMessage';
import { errorText } from '../../fieldIssues';
import type { SchemaFormContext } from '../../schemaFormContext';
import { isObject, resolveNode } from '../../schemaNodes';
import type { PrizeRowTexts } from './PrizeRowView';

/**
 * The prize table's words: the prize item's schema node (`itemNode`), its fields' titles in the
 * form's language, the delivery options and the rows' texts. The options and texts are one object
 * per language, so memoized rows do not re-render.
 */
export function usePrizeTableTexts(items: unknown, context: SchemaFormContext) {
  const { t } = useTranslation();
  const itemNode = isObject(items) ? (items as Record<string, unknown>) : {};
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
  return { itemNode, title, deliveryOptions, texts };
}
