import { useListPage } from './useListPage';

/** The most options a picker loads at once; pickers search on the server beyond that. */
export const OPTIONS_PAGE_SIZE = 100;

/** Templates or tags as select options (`value` is the id unless `byName`). */
export function useOptions(url: '/api/link-templates' | '/api/tags', q = '', byName = false) {
  const { items, isLoading } = useListPage<{ id: string; name: string }>(url, {
    q,
    page: 1,
    pageSize: OPTIONS_PAGE_SIZE,
  });
  return {
    loading: isLoading,
    items,
    options: items.map((item) => ({ value: byName ? item.name : item.id, label: item.name })),
  };
}
