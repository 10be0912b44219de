import type { SchemaEntry, UiNode } from '../../schema-form/schemaEntry';

/**
 * A registry entry with some top-level fields' ui replaced or extended (a picker widget, a hidden
 * status): each override is merged over the field's own ui node, `ui:options` merged too.
 */
export function withFieldUi(entry: SchemaEntry, overrides: Record<string, UiNode>): SchemaEntry {
  const ui: UiNode = { ...entry.ui };
  for (const [field, override] of Object.entries(overrides)) {
    const own = ui[field] && typeof ui[field] === 'object' ? (ui[field] as UiNode) : {};
    const ownOptions = own['ui:options'] && typeof own['ui:options'] === 'object' ? own['ui:options'] : {};
    const options =
      override['ui:options'] && typeof override['ui:options'] === 'object' ? override['ui:options'] : {};
    const merged: UiNode = { ...own, ...override };
    if (Object.keys({ ...ownOptions, ...options }).length > 0)
      merged['ui:options'] = { ...ownOptions, ...options };
    ui[field] = merged;
  }
  return { ...entry, ui };
}
