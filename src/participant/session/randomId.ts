const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * A random id of letters and digits. crypto.getRandomValues works on plain http pages too (a
 * phone on the LAN), where crypto.randomUUID does not exist.
 */
export function randomId(length: number): string {
  let id = '';
  while (id.length < length) {
    // Bytes from 248 up are dropped (248 = 4 * 62), so every letter is equally likely.
    for (const byte of crypto.getRandomValues(new Uint8Array(length)))
      if (byte < 248 && id.length < length) id += ALPHABET[byte % 62];
  }
  return id;
}
