import { localizeTemplate } from '../../../engine/registry/localizeTemplate';
import type { Config, SchemaEntry } from '../../schema-form/schemaEntry';

/**
 * The config a new campaign starts from: a copy of the chosen template in the console language
 * (its single-language texts such as the title from the entry's strings), or nothing for "blank",
 * with the goal picked on the chooser and the campaign a sub-activity is bound to.
 */
export function startConfig(
  entry: SchemaEntry,
  templateMark: string,
  extra: { goal?: string; parentId?: string; lang: string },
): Config {
  const template = entry.templates.find((t) => t.name === templateMark);
  const base: Config =
    template && template.config && typeof template.config === 'object'
      ? localizeTemplate(template.name, template.config as Config, entry.locales, extra.lang)
      : {};
  if (extra.goal) base.goal = extra.goal;
  if (extra.parentId && entry.kind === 'sub-activity') base.boundCampaignId = extra.parentId;
  return base;
}
