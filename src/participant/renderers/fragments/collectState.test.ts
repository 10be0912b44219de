import { describe, expect, it } from 'vitest';
import { incomingOf, readCollect, transferLink } from './collectState';

describe('the fragment collection as the page reads it', () => {
  it('reads the collection with safe defaults, and nothing without one', () => {
    expect(readCollect({})).toBeNull();
    expect(readCollect({ collect: 'x' })).toBeNull();
    expect(readCollect({ collect: {} })).toEqual({ inventory: {}, sets: 0, prizes: [], open: [] });
    const full = {
      inventory: { f1: 2 },
      sets: 1,
      prizes: [{ prizeId: 'p1', needs: ['f1'], missing: {} }],
      open: [{ id: 't1', kind: 'gift', fragmentId: 'f1' }],
    };
    expect(readCollect({ collect: full })).toEqual(full);
    expect(readCollect({ collect: { sets: '2', prizes: {}, open: null } })).toEqual({
      inventory: {},
      sets: 0,
      prizes: [],
      open: [],
    });
  });

  it('finds the gift or request the page was opened with, a gift first', () => {
    expect(incomingOf('')).toBeNull();
    expect(incomingOf('?fragment=f1')).toBeNull();
    expect(incomingOf('?gift=t1&fragment=f1')).toEqual({ kind: 'gift', id: 't1', fragmentId: 'f1' });
    expect(incomingOf('?ask=t2')).toEqual({ kind: 'ask', id: 't2', fragmentId: null });
    expect(incomingOf('?ask=t2&gift=t1')).toEqual({ kind: 'gift', id: 't1', fragmentId: null });
  });

  it("puts the transfer on the player's own link, keeping what it has", () => {
    expect(transferLink('https://h.example/p/c1?inviter=AB', 'https://x.example', 'gift', 't 1', 'f1')).toBe(
      'https://h.example/p/c1?inviter=AB&gift=t+1&fragment=f1',
    );
    expect(transferLink('/p/c1', 'https://h.example', 'ask', 't2', 'f2')).toBe(
      'https://h.example/p/c1?ask=t2&fragment=f2',
    );
  });
});
