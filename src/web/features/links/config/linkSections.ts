import type { FieldError } from '../../../api/RequestError';
import type { JsonSchema } from '../../../schema-form/schemaEntry';
import type { EntityConfig, RedirectMode } from '../linkTypes';

/** Link fields the page edits with its own pickers (template, tags, the id with "restore default"). */
export const ownFields = ['linkId', 'templateId', 'tags'] as const;

export interface LinkSection {
  /** i18n key suffix of the section title (`links:config.section.<key>`). */
  key: 'basic' | 'redirect' | 'deferred' | 'share' | 'attribution' | 'other';
  fields: string[];
}

const layout: Array<{ key: LinkSection['key']; fields: string[] }> = [
  { key: 'basic', fields: ['name', 'address'] },
  { key: 'redirect', fields: ['redirectMode', 'redirects'] },
  { key: 'deferred', fields: ['deferredData'] },
  { key: 'share', fields: ['share'] },
  { key: 'attribution', fields: ['attribution'] },
];

/**
 * The schema form sections of a link, for the fields the schema has: the redirect targets only in
 * custom mode, and any field the page does not know yet in a last section (so a field added to
 * the schema folder shows up without code).
 */
export function linkSections(
  schemaFields: readonly string[],
  redirectMode: RedirectMode | undefined,
): LinkSection[] {
  const known = new Set<string>([...ownFields, ...layout.flatMap((section) => section.fields)]);
  const sections: LinkSection[] = layout.map(({ key, fields }) => ({
    key,
    fields: fields.filter(
      (field) => schemaFields.includes(field) && (field !== 'redirects' || redirectMode === 'custom'),
    ),
  }));
  sections.push({ key: 'other', fields: schemaFields.filter((field) => !known.has(field)) });
  return sections.filter((section) => section.fields.length > 0);
}

/** The link config to save: each section's own fields from its form, then the page's pickers. */
export function mergeLinkConfig(
  sections: ReadonlyArray<{ fields: readonly string[]; data: EntityConfig }>,
  own: { linkId?: string; templateId?: string; tags?: string[] },
): EntityConfig {
  const config: EntityConfig = {};
  for (const section of sections)
    for (const field of section.fields)
      if (section.data[field] !== undefined) config[field] = section.data[field];
  // An empty link id lets the server choose a free one.
  const linkId = own.linkId?.trim();
  if (linkId) config.linkId = linkId;
  if (own.templateId) config.templateId = own.templateId;
  config.tags = own.tags ?? [];
  return config;
}

/** Field errors split by who shows them: a section (by index), the page's pickers, or nobody. */
export function splitErrors(
  errors: readonly FieldError[],
  sections: ReadonlyArray<{ fields: readonly string[] }>,
): { bySection: FieldError[][]; own: FieldError[]; other: FieldError[] } {
  const bySection = sections.map(() => [] as FieldError[]);
  const own: FieldError[] = [];
  const other: FieldError[] = [];
  for (const error of errors) {
    const top = error.path.split('/')[1] ?? '';
    const index = sections.findIndex((section) => section.fields.includes(top));
    if (index >= 0) bySection[index].push(error);
    else if ((ownFields as readonly string[]).includes(top)) own.push(error);
    else other.push(error);
  }
  return { bySection, own, other };
}

/** The top-level fields a link schema declares. */
export function schemaFields(schema: JsonSchema): string[] {
  const properties = schema.properties;
  return properties && typeof properties === 'object' ? Object.keys(properties) : [];
}

/** Error messages by the top-level field their path names, for the page's pickers. */
export function byField(errors: readonly FieldError[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const error of errors) {
    const field = error.path.split('/')[1] ?? '';
    (out[field] ??= []).push(error.message);
  }
  return out;
}

/** The issues that concern the page's own pickers (`ownFields`). */
export function ownIssues<T extends { path: string }>(issues: readonly T[]): T[] {
  return issues.filter((issue) => (ownFields as readonly string[]).includes(issue.path.split('/')[1] ?? ''));
}
