import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { deriveUi, type EnumLabeler } from './autoUi';
import { isObject, mapSchemaNodes, resolveNode, topLevelProperties } from './schemaNodes';
import type { JsonSchema, UiNode } from './schemaEntry';

/** What RJSF renders: a flat object schema of the shown fields, localized, and its ui schema. */
export interface FormModel {
  schema: RJSFSchema;
  /** The same flat schema before translation (title keys kept), for nested forms built from it. */
  rawSchema: Record<string, unknown>;
  uiSchema: UiSchema;
  /** Top-level fields shown, in order. */
  fields: string[];
}

export interface FormModelInput {
  /** The entry schema (its `$defs` resolve every local ref). */
  root: JsonSchema;
  /** The object schema whose properties are shown (the root itself, or e.g. a prize item). */
  node?: JsonSchema;
  ui: UiNode;
  /** The entry's strings in the form language (schema titles are keys of these). */
  strings: Record<string, string>;
  /** Top-level fields to show (a wizard step); every field in ui order when absent. */
  fields?: readonly string[];
  enumLabel: EnumLabeler;
  /** The console's own words for ui texts the form adds (keys starting with `wizard:`). */
  consoleText?: (key: string) => string;
}

/**
 * How the form fills defaults: only what a schema names as default, with no empty list items (a
 * prize's keys) and no empty objects that the operator never asked for. A default inside an
 * optional object is filled even when the operator leaves the object alone (RJSF's rule), so
 * such objects (the risk rules) name no defaults: a half-made rule would be refused.
 */
export const FORM_DEFAULTS = {
  arrayMinItems: { populate: 'never' as const },
  emptyObjectFields: 'skipEmptyDefaults' as const,
};

const UI_TEXT_KEYS = new Set(['ui:title', 'ui:help', 'ui:description', 'ui:placeholder']);

function localizeUi(ui: UiNode, text: (key: string) => string): UiNode {
  const out: UiNode = {};
  for (const [key, value] of Object.entries(ui)) {
    if (UI_TEXT_KEYS.has(key) && typeof value === 'string') out[key] = text(value);
    else if (key === 'ui:options' && isObject(value)) out[key] = localizeUi(value, text);
    else if (isObject(value) && !key.startsWith('ui:')) out[key] = localizeUi(value, text);
    else out[key] = value;
  }
  return out;
}

/**
 * Builds the form of a set of top-level fields: the entry's root properties (its own and those of
 * its `allOf` parts) flattened into one object schema, root-level rules left to the engine's
 * validation, titles and ui texts translated, widgets derived from the schema shape.
 */
export function buildFormModel(input: FormModelInput): FormModel {
  const { root, ui, strings, enumLabel } = input;
  const node = input.node ? resolveNode(root, input.node).schema : root;
  const { properties, required } = topLevelProperties({ ...node, $defs: root.$defs });
  const order = Array.isArray(ui['ui:order']) ? (ui['ui:order'] as string[]) : [];
  const all = [
    ...order.filter((f) => f in properties),
    ...Object.keys(properties).filter((f) => !order.includes(f)),
  ];
  const fields = (input.fields ?? all).filter((f) => f in properties);

  const flat: JsonSchema = {
    type: 'object',
    properties: Object.fromEntries(fields.map((f) => [f, properties[f]])),
    required: required.filter((f) => fields.includes(f)),
  };
  if (root.$defs) flat.$defs = root.$defs;
  const text = (key: string) =>
    key.startsWith('wizard:') && input.consoleText ? input.consoleText(key) : (strings[key] ?? key);
  const derived = deriveUi({ ...flat }, flat, ui, enumLabel);
  const localized = mapSchemaNodes(flat, (n) => {
    if (typeof n.title !== 'string' && typeof n.description !== 'string') return n;
    const out = { ...n };
    if (typeof n.title === 'string') out.title = text(n.title);
    if (typeof n.description === 'string') out.description = text(n.description);
    return out;
  });
  const uiSchema = localizeUi(
    { ...derived, 'ui:order': [...fields], 'ui:submitButtonOptions': { norender: true } },
    text,
  );
  return { schema: localized as RJSFSchema, rawSchema: flat, uiSchema: uiSchema as UiSchema, fields };
}
