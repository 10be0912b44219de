import { isObject, resolveNode, topLevelProperties } from '../../schema-form/schemaNodes';
import type { JsonSchema, SchemaEntry, UiNode } from '../../schema-form/schemaEntry';

const MICROS_FIELD = /Micros$/;
const MAX_DEPTH = 4;

/** One object's ui with `widget` on its integer `...Micros` fields and those of its lists' items. */
function objectUi(
  root: JsonSchema,
  properties: Record<string, unknown>,
  ui: UiNode,
  widget: unknown,
  depth: number,
): { ui: UiNode; changed: boolean } {
  const out: UiNode = { ...ui };
  let changed = false;
  for (const [name, node] of Object.entries(properties)) {
    if (!isObject(node)) continue;
    const { schema } = resolveNode(root, node);
    const own = isObject(out[name]) ? (out[name] as UiNode) : {};
    if (MICROS_FIELD.test(name) && schema.type === 'integer') {
      out[name] = { ...own, 'ui:widget': widget };
      changed = true;
      continue;
    }
    if (depth >= MAX_DEPTH || !isObject(schema.items)) continue;
    const items = resolveNode(root, schema.items).schema;
    if (!isObject(items.properties)) continue;
    const itemsUi = isObject(own.items) ? (own.items as UiNode) : {};
    const nested = objectUi(root, items.properties, itemsUi, widget, depth + 1);
    if (nested.changed) {
      out[name] = { ...own, items: nested.ui };
      changed = true;
    }
  }
  return { ui: out, changed };
}

/**
 * An entity entry whose money fields (integer `...Micros` properties: a plan's bid and budget,
 * an offer's reward inside the account's offer list) are drawn by `widget` (the micros input
 * that shows the amount in currency units). Fields that are not integers are left alone.
 */
export function withMicrosWidgets(entry: SchemaEntry, widget: unknown): SchemaEntry {
  const { properties } = topLevelProperties(entry.schema);
  return { ...entry, ui: objectUi(entry.schema, properties, entry.ui, widget, 0).ui };
}
