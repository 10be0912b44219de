/** The key of the group that sums everything past the top groups. */
export const OTHER = '__other__';

/** Charts show the top 8 groups; the rest are summed into one "other" group. */
export function topGroups<T extends { key: string; value: number }>(
  items: T[],
  limit = 8,
): { key: string; value: number }[] {
  const sorted = [...items].sort((a, b) => b.value - a.value || (a.key < b.key ? -1 : 1));
  const top = sorted.slice(0, limit).map(({ key, value }) => ({ key, value }));
  const rest = sorted.slice(limit).reduce((sum, item) => sum + item.value, 0);
  if (sorted.length > limit) top.push({ key: OTHER, value: rest });
  return top;
}
