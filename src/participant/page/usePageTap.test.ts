import { describe, expect, it } from 'vitest';
import type { BlockView, TapView } from '../api/playTypes';
import { tapPlan } from './usePageTap';

const block = (id: string, type: string): BlockView => ({ id, type, props: {} });
const tap = (action: TapView['action'], blockId: string | null = null): TapView => ({
  action,
  href: null,
  blockId,
});
const blocks = [
  block('b1', 'image'),
  block('g1', 'game'),
  block('r1', 'rules'),
  block('s1', 'share'),
  block('g2', 'game'),
];

describe('what a tap on the page does', () => {
  it('scrolls to the named block, or to the first rules block', () => {
    expect(tapPlan(tap('block', 'b1'), blocks, 0)).toEqual({ scrollTo: 'b1' });
    expect(tapPlan(tap('block'), blocks, 0)).toEqual({ scrollTo: undefined });
    expect(tapPlan(tap('rules'), blocks, 0)).toEqual({ scrollTo: 'r1' });
    expect(tapPlan(tap('rules'), [], 0)).toEqual({ scrollTo: undefined });
  });

  it('goes to the share block when it has channels, else shares the link', () => {
    expect(tapPlan(tap('share'), blocks, 2)).toEqual({ scrollTo: 's1' });
    expect(tapPlan(tap('share'), blocks, 0)).toEqual({ share: true });
    expect(tapPlan(tap('share'), [block('g1', 'game')], 3)).toEqual({ share: true });
  });

  it('scrolls to the first game and starts a draw on play; addresses are not its business', () => {
    expect(tapPlan(tap('play'), blocks, 0)).toEqual({ scrollTo: 'g1', play: true });
    expect(tapPlan(tap('play'), [], 0)).toEqual({ scrollTo: undefined, play: true });
    expect(tapPlan(tap('url'), blocks, 0)).toEqual({});
    expect(tapPlan(tap('deeplink'), blocks, 0)).toEqual({});
  });
});
