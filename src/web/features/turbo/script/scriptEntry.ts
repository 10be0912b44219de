import type { SchemaEntry } from '../../../schema-form/schemaEntry';
import { LinkTemplateWidget } from '../LinkTemplateWidget';
import { withFieldUi } from '../withFieldUi';

/**
 * entity/turbo-script as the script editor shows it: the link template picked from the project's
 * (none = every link), the status hidden (it changes through the list's confirmed actions).
 */
export function scriptEntry(registryEntry: SchemaEntry): SchemaEntry {
  return withFieldUi(registryEntry, {
    linkTemplateId: {
      'ui:widget': LinkTemplateWidget,
      'ui:options': { everyLink: true },
    },
    status: { 'ui:widget': 'hidden' },
  });
}
