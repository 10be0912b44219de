import { describe, expect, it } from 'vitest';
import { incomingOf, readCollect, transferLink, withoutIncoming } from './collectModel';

describe('readCollect', () => {
  it('is null before the player has a collection', () => {
    expect(readCollect({})).toBeNull();
    expect(readCollect({ collect: 'broken' })).toBeNull();
  });

  it('defaults every part the progress lacks or gives in the wrong shape', () => {
    expect(readCollect({ collect: { inventory: null, sets: '2', prizes: {}, open: 'x' } })).toEqual({
      inventory: {},
      sets: 0,
      prizes: [],
      open: [],
    });
    const whole = {
      inventory: { f1: 2 },
      sets: 1,
      prizes: [{ prizeId: 'p1', needs: ['f1', 'f2'], missing: { f2: 1 } }],
      open: [{ id: 't1', kind: 'gift', fragmentId: 'f1' }],
    };
    expect(readCollect({ collect: whole })).toEqual(whole);
  });
});

describe('incomingOf', () => {
  it('reads a gift, then a request, with the piece they are about', () => {
    expect(incomingOf('?gift=t1&fragment=f2')).toEqual({ kind: 'gift', id: 't1', fragmentId: 'f2' });
    expect(incomingOf('?ask=t2&fragment=f3&u=a')).toEqual({ kind: 'ask', id: 't2', fragmentId: 'f3' });
    expect(incomingOf('?gift=t1&ask=t2')).toEqual({ kind: 'gift', id: 't1', fragmentId: null });
  });

  it('is null for a page opened without one', () => {
    expect(incomingOf('')).toBeNull();
    expect(incomingOf('?fragment=f1&gift=')).toBeNull();
  });
});

describe('transfer links', () => {
  it('adds the transfer and its piece to the player link, a relative one under the origin', () => {
    expect(transferLink('https://a.example/p/c1?inviter=x', 'https://b.example', 'gift', 't 1', 'f1')).toBe(
      'https://a.example/p/c1?inviter=x&gift=t+1&fragment=f1',
    );
    expect(transferLink('/p/c1', 'https://b.example', 'ask', 't2', 'f2')).toBe(
      'https://b.example/p/c1?ask=t2&fragment=f2',
    );
  });

  it('drops the gift or request from the address and keeps the rest', () => {
    expect(withoutIncoming('https://a.example/p/c1?ch=x&gift=t1&fragment=f1#top')).toBe('/p/c1?ch=x#top');
    expect(withoutIncoming('https://a.example/p/c1?ask=t2&fragment=f1')).toBe('/p/c1');
  });
});
