import { isObject, resolveNode, schemaType } from './schemaNodes';
import type { JsonSchema, UiNode } from './schemaEntry';

/** Labels an enum value of a property (`goal`, `download-register`). */
export type EnumLabeler = (property: string, value: unknown) => string;

/**
 * Images whose field allows gif (share thumbnail and question images), by the title key
 * the shared schema pieces give them; a ui schema may say `"ui:options": { "allowGif": true }`.
 */
const GIF_TITLES = new Set(['campaign.share.thumbnail', 'quiz.image']);

/** Recommended image sizes by title key; `"ui:options": { "recommendedSize": "..." }` overrides. */
const RECOMMENDED_SIZES: Record<string, string> = {
  'campaign.backgroundImage': '750x1334 / 750x1624',
  'campaign.preheat.image': '750x1334 / 750x1624',
  'campaign.share.thumbnail': '600x315 / 200x200',
  'prize.image': '300x300',
  'task.backgroundImage': '750x1334 / 750x1624',
};

/** Widgets a folder may name that the automatic choice is allowed to refine. */
const REFINABLE_WIDGETS = new Set([undefined, 'date-time']);

const hasWidgetOrField = (ui: UiNode) =>
  ui['ui:field'] !== undefined || !REFINABLE_WIDGETS.has(ui['ui:widget'] as string | undefined);

function options(ui: UiNode): Record<string, unknown> {
  return isObject(ui['ui:options']) ? { ...(ui['ui:options'] as Record<string, unknown>) } : {};
}

const isDateTime = (s: JsonSchema | undefined) => s?.format === 'date-time';

/**
 * Picks the console's widgets from the shape of a schema, so a new folder gets them without
 * naming them: prize lists -> prize table, key-value lists -> key-value editor, texts per
 * language -> language tabs, semicolon lists, images, colours, GMT times and ranges, user-type
 * and callback-address pickers. What a ui schema names explicitly wins (README: ui.json).
 */
export function deriveUi(root: JsonSchema, objectNode: JsonSchema, ui: UiNode, label: EnumLabeler): UiNode {
  const { schema } = resolveNode(root, objectNode);
  const properties = isObject(schema.properties) ? (schema.properties as Record<string, JsonSchema>) : {};
  const resolved: Record<string, JsonSchema> = {};
  for (const [key, node] of Object.entries(properties))
    if (isObject(node)) resolved[key] = resolveNode(root, node).schema;

  // A start/end pair of date-times is edited as one range (with its timezone beside it).
  const range =
    isDateTime(resolved.startTime) &&
    isDateTime(resolved.endTime) &&
    !hasWidgetOrField((ui.startTime as UiNode) ?? {})
      ? { timezone: resolved.timezone ? 'timezone' : undefined }
      : undefined;

  const out: UiNode = { ...ui };
  for (const [key, node] of Object.entries(properties)) {
    if (!isObject(node)) continue;
    const own = isObject(ui[key]) ? (ui[key] as UiNode) : {};
    if (range && key === 'startTime') {
      out[key] = {
        'ui:title': 'wizard:form.timeRange',
        ...own,
        'ui:widget': undefined,
        'ui:field': 'timeRange',
        'ui:options': { ...options(own), endField: 'endTime', timezoneField: range.timezone },
      };
      continue;
    }
    if (range && (key === 'endTime' || key === range.timezone)) {
      out[key] = { ...own, 'ui:widget': 'hidden' };
      continue;
    }
    out[key] = propertyUi(root, key, node, own, label);
  }
  return out;
}

function propertyUi(root: JsonSchema, key: string, node: JsonSchema, ui: UiNode, label: EnumLabeler): UiNode {
  const { schema, refs } = resolveNode(root, node);
  const title = typeof node.title === 'string' ? node.title : (schema.title as string | undefined);
  const type = schemaType(schema);
  const out: UiNode = { ...ui };
  const explicit = hasWidgetOrField(ui);
  const set = (widget: string, extra: Record<string, unknown> = {}) => {
    if (explicit) return;
    out['ui:widget'] = widget;
    if (Object.keys(extra).length > 0) out['ui:options'] = { ...extra, ...options(ui) };
  };
  const setField = (field: string, extra: Record<string, unknown> = {}) => {
    if (explicit) return;
    out['ui:field'] = field;
    out['ui:options'] = { ...extra, ...options(ui) };
  };

  if (Array.isArray(schema.enum)) {
    out['ui:enumNames'] = Object.fromEntries(schema.enum.map((v) => [String(v), label(key, v)]));
    if (schema.enum.length <= 4 && !explicit && type !== 'boolean') out['ui:widget'] = 'radio';
  }

  if (type === 'array') {
    const items = isObject(schema.items) ? resolveNode(root, schema.items as JsonSchema).schema : undefined;
    const itemProps = items && isObject(items.properties) ? Object.keys(items.properties) : [];
    if (
      refs.some((r) => r.endsWith('prizeList')) ||
      (itemProps.includes('odds') && itemProps.includes('isThank'))
    ) {
      setField('prizeTable');
    } else if (itemProps.length === 2 && itemProps.includes('key') && itemProps.includes('value')) {
      setField('keyValue');
    } else if (items && Array.isArray(items.enum)) {
      const itemsUi = isObject(ui.items) ? { ...(ui.items as UiNode) } : {};
      itemsUi['ui:enumNames'] = Object.fromEntries(items.enum.map((v) => [String(v), label(key, v)]));
      out.items = itemsUi;
    } else if (key === 'userTypes' && items && schemaType(items) === 'string') {
      set('userType', { multiple: true });
    } else if (items && schemaType(items) === 'object' && isObject(schema.items)) {
      out.items = deriveUi(
        root,
        schema.items as JsonSchema,
        isObject(ui.items) ? (ui.items as UiNode) : {},
        label,
      );
    }
    return out;
  }

  if (type === 'object' || isObject(schema.properties)) {
    const names = isObject(schema.propertyNames)
      ? resolveNode(root, schema.propertyNames as JsonSchema).schema
      : undefined;
    const values = isObject(schema.additionalProperties)
      ? (schema.additionalProperties as JsonSchema)
      : undefined;
    if (names && Array.isArray(names.enum) && values && schemaType(values) === 'string') {
      const maxLength = typeof values.maxLength === 'number' ? values.maxLength : Infinity;
      setField('i18nText', {
        multiline: maxLength > 100,
        maxLength: Number.isFinite(maxLength) ? maxLength : undefined,
      });
      return out;
    }
    return deriveUi(root, node, out, label);
  }

  if (type === 'string') {
    if (isObject(schema.semicolonList)) {
      set('semicolonList', { maxCount: (schema.semicolonList as Record<string, unknown>).maxCount });
    } else if (refs.some((r) => r.endsWith('imageUrl'))) {
      set('image', {
        allowGif: title !== undefined && GIF_TITLES.has(title),
        recommendedSize: title ? RECOMMENDED_SIZES[title] : undefined,
      });
    } else if (refs.some((r) => r.endsWith('hexColor'))) {
      set('color');
    } else if (refs.some((r) => r.endsWith('gmtTimezone'))) {
      set('timezone');
    } else if (key === 'userType') {
      set('userType');
    } else if (key === 'callbackUrl') {
      set('callbackAddress');
    } else if (key === 'boundCampaignId') {
      set('campaign');
    } else if (key === 'formId') {
      set('rewardForm');
    }
  }
  return out;
}
