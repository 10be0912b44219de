/** A 0..1 rate as a percentage with at most one decimal: 0.4567 -> "45.7%"; "-" when unknown. */
export function formatRate(rate: number | null | undefined): string {
  if (rate === null || rate === undefined || !Number.isFinite(rate)) return '-';
  return `${Math.round(rate * 1000) / 10}%`;
}
