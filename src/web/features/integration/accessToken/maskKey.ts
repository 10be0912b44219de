/** A key with only its first and last four characters shown: `ab12••••••••yz89`. */
export function maskKey(key: string): string {
  if (key.length <= 8) return '•'.repeat(key.length);
  return `${key.slice(0, 4)}${'•'.repeat(Math.min(key.length - 8, 16))}${key.slice(-4)}`;
}
