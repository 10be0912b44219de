import { describe, expect, it } from 'vitest';
import { barPercent, petLook, type RaiseGame } from './raiseModel';

const game = (over: Partial<RaiseGame> = {}): RaiseGame => ({
  species: 'dog',
  stages: [0, 30, 60, 100],
  foodFull: 100,
  helpProbability: 30,
  revivalInvites: 2,
  rewardPrizeId: null,
  ...over,
});

describe('raising', () => {
  it('shows the configured picture of a stage, else the species at that stage', () => {
    expect(petLook(game({ stageImages: [null, '/dog1.png'] }), 1)).toEqual({ image: '/dog1.png' });
    expect(petLook(game({ stageImages: [null, '/dog1.png'] }), 0)).toEqual({ emoji: '\u{1F95A}' });
    expect(petLook(game({ species: 'tree' }), 3)).toEqual({ emoji: '\u{1F333}' });
    expect(petLook(game({ species: 'tree' }), 9)).toEqual({ emoji: '\u{1F331}' });
  });

  it('fills a bar by its share, never past its ends', () => {
    expect(barPercent(25, 100)).toBe(25);
    expect(barPercent(30, 60)).toBe(50);
    expect(barPercent(120, 100)).toBe(100);
    expect(barPercent(-5, 100)).toBe(0);
    expect(barPercent(5, 0)).toBe(0);
  });
});
