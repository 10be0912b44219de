/** How many groups a chart shows before the rest is summed into "others". */
export const TOP_GROUPS = 8;

export interface GroupTotal {
  group: string;
  value: number;
}

/**
 * The `limit` largest groups by value, largest first, plus one `othersLabel` group summing the
 * rest when there are more (so the total stays right). Ties keep their input order.
 */
export function topGroups(rows: GroupTotal[], othersLabel: string, limit = TOP_GROUPS): GroupTotal[] {
  const totals = new Map<string, number>();
  for (const row of rows) totals.set(row.group, (totals.get(row.group) ?? 0) + row.value);
  const sorted = [...totals].map(([group, value]) => ({ group, value })).sort((a, b) => b.value - a.value);
  if (sorted.length <= limit) return sorted;
  const rest = sorted.slice(limit).reduce((sum, row) => sum + row.value, 0);
  return [...sorted.slice(0, limit), { group: othersLabel, value: rest }];
}
