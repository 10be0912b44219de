/** 20 random base-36 characters (about 103 bits): device ids and event idempotency keys. */
export function randomId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(20)), (b) => (b % 36).toString(36)).join('');
}
