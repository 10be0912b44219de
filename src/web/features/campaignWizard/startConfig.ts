import { localizeTemplate } from '../../../engine/registry/localizeTemplate';
import { campaignZoneOf, templateInZone } from '../../../engine/registry/shiftTemplateDates';
import type { Config, SchemaEntry } from '../../schema-form/schemaEntry';

/**
 * The config a new campaign starts from: a copy of the chosen template in the console language
 * (its single-language texts such as the title from the entry's strings) and in the project's time
 * zone (its period starting today there, see templateInZone), or nothing but that zone for
 * "blank", with the goal picked on the chooser and the campaign a sub-activity is bound to.
 */
export function startConfig(
  entry: SchemaEntry,
  templateMark: string,
  extra: { goal?: string; parentId?: string; lang: string; zone: string; now?: Date },
): Config {
  const now = extra.now ?? new Date();
  const template = entry.templates.find((t) => t.name === templateMark);
  const base: Config =
    template && template.config && typeof template.config === 'object'
      ? templateInZone(
          localizeTemplate(template.name, template.config as Config, entry.locales, extra.lang),
          extra.zone,
          now,
        )
      : {};
  const hasZone = entry.steps.some((step) => step.fields.includes('timezone'));
  if (hasZone && typeof base.timezone !== 'string') base.timezone = campaignZoneOf(extra.zone, now);
  if (extra.goal) base.goal = extra.goal;
  if (extra.parentId && entry.kind === 'sub-activity') base.boundCampaignId = extra.parentId;
  return base;
}
