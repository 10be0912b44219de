/**
 * A secret as shown before it is revealed: its first four characters and `****`, as the server
 * masks it for users who are not advanced (a secret already masked stays as it is).
 */
export function maskSecret(secret: string): string {
  if (secret.endsWith('****')) return secret;
  return `${secret.slice(0, 4)}****`;
}
