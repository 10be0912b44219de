import { describe, expect, it } from 'vitest';
import { loggedTxid, postbackLogId } from './postbackLog';

describe('postback log helpers', () => {
  it('keeps a txid as sent, without control characters, at most 100 characters', () => {
    expect(loggedTxid(' T-1 ')).toBe('T-1');
    expect(loggedTxid('a\u0000b\u0085c')).toBe('abc');
    expect(loggedTxid('x'.repeat(150))).toHaveLength(100);
    expect(loggedTxid('')).toBeNull();
    expect(loggedTxid(undefined)).toBeNull();
  });

  it('makes ids that sort by time, then by arrival', () => {
    const at = Date.parse('2026-03-01T08:00:00.000Z');
    const ids = [postbackLogId(at), postbackLogId(at), postbackLogId(at + 1), postbackLogId(at + 1)];
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(4);
  });
});
