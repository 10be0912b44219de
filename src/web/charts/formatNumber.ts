const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const decimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** A count or amount with thousands separators: 1234567 -> "1,234,567"; "-" when missing. */
export function formatNumber(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '-';
  return (Number.isInteger(value) ? integer : decimal).format(value);
}
