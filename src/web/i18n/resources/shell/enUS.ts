import { toNamespaces } from '../../toNamespaces';

// The signed-in console's texts around its pages (side menu and page titles, home, the project
// switcher and dialog), one chunk per language, loaded with the root layout.
export const resources = toNamespaces(
  import.meta.glob<Record<string, unknown>>('../../../../../locales/en-US/{home,menu,projects}.json', {
    eager: true,
    import: 'default',
  }),
);
