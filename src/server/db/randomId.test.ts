import { describe, expect, it } from 'vitest';
import { randomId } from './randomId';

describe('randomId', () => {
  it('answers distinct URL-safe 12-character ids across many refills of its byte pool', () => {
    const ids = new Set(Array.from({ length: 5000 }, () => randomId()));
    expect(ids.size).toBe(5000);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{12}$/);
  });
});
