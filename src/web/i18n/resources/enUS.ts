import antdLocale from 'antd/locale/en_US';
import { toNamespaces } from '../toNamespaces';

export { antdLocale };

// One chunk per language with the texts of every screen (sign-in pages, status pages) plus the
// antd locale; only the chosen language is downloaded. The signed-in console's own texts (menu,
// home, projects) are the shell part beside it (shell/enUS.ts); feature pages load their own
// namespaces with their chunks (links, campaigns, members, ...), and errors/validation texts are
// the server's and the engine's, never read through i18next here.
export const resources = toNamespaces(
  import.meta.glob<Record<string, unknown>>('../../../../locales/en-US/{accounts,common,status}.json', {
    eager: true,
    import: 'default',
  }),
);
