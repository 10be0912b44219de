import antdLocale from 'antd/locale/en_US';
import { toNamespaces } from '../toNamespaces';

export { antdLocale };

// One chunk per language holding all its namespaces plus the antd locale; only the chosen language is downloaded.
export const resources = toNamespaces(
  import.meta.glob<Record<string, unknown>>('../../../../locales/en-US/*.json', {
    eager: true,
    import: 'default',
  }),
);
