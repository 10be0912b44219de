import antdLocale from 'antd/locale/en_US';
import { toNamespaces } from '../toNamespaces';

export { antdLocale };

// One chunk per language with the core namespaces (sign-in, shell, home, projects, members,
// status pages) plus the antd locale; only the chosen language is downloaded. Feature pages
// load their own namespaces with their chunks (links, campaigns, wizard, integration, ...), and
// errors/validation texts are the server's and the engine's, never read through i18next here.
export const resources = toNamespaces(
  import.meta.glob<Record<string, unknown>>(
    '../../../../locales/en-US/{accounts,common,demo,home,members,menu,projects,status}.json',
    { eager: true, import: 'default' },
  ),
);
