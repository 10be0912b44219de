import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords';

describe('scrypt password hashes', () => {
  it('verifies the right password and rejects others', async () => {
    const hash = await hashPassword('secret123');
    expect(hash).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{86}$/);
    expect(await verifyPassword('secret123', hash)).toBe(true);
    expect(await verifyPassword('secret124', hash)).toBe(false);
    expect(await verifyPassword('', hash)).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
  });

  it('never matches a malformed stored value', async () => {
    for (const stored of ['', 'plain', 'scrypt$1$2$3', 'bcrypt$16384$8$1$abc$def', 'scrypt$16384$8$1$abc$']) {
      expect(await verifyPassword('x', stored)).toBe(false);
    }
  });
});
