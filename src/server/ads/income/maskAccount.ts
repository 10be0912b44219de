/**
 * A payout account as non-advanced users see it: the first two and last two characters around
 * `****` ("pa****om"); short ones (six characters or fewer) show nothing but `****`.
 */
export function maskAccount(account: string): string {
  const chars = [...account];
  if (chars.length <= 6) return '****';
  return `${chars.slice(0, 2).join('')}****${chars.slice(-2).join('')}`;
}
