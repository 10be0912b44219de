import antdLocale from 'antd/locale/zh_CN';
import { toNamespaces } from '../toNamespaces';

export { antdLocale };

// One chunk per language holding all its namespaces plus the antd locale; only the
// chosen language is downloaded.
export const resources = toNamespaces(
  // links and analytics load with their pages (features/links/loadLinkLocales.ts), campaigns and
  // rewards likewise (features/campaigns/loadCampaignLocales.ts), wizard with the schema forms
  // (schema-form/formLocales.ts).
  import.meta.glob<Record<string, unknown>>(
    [
      '../../../../locales/zh-CN/*.json',
      '!**/links.json',
      '!**/analytics.json',
      '!**/campaigns.json',
      '!**/rewards.json',
      '!**/integration.json',
      '!**/analysis.json',
      '!**/wizard.json',
    ],
    {
      eager: true,
      import: 'default',
    },
  ),
);
