import { describe, expect, it } from 'vitest';
import { isContestConfig, isPoolConfig, tracksInvites } from './configShapes';

describe('config shapes', () => {
  it('reads what a config is played as from its fields, whatever its folder is called', () => {
    expect(tracksInvites({ inviteRules: ['register'] })).toBe(true);
    expect(tracksInvites({ prizes: [] })).toBe(false);
    expect(isContestConfig('sub-activity', { rankRewards: [] })).toBe(true);
    expect(isContestConfig('gameplay', { rankRewards: [] })).toBe(false);
    expect(isPoolConfig({ pool: { total: 1 }, tasks: [], roundHours: 24 })).toBe(true);
    expect(isPoolConfig({ pool: null, tasks: [], roundHours: 24 })).toBe(false);
    expect(isPoolConfig({ pool: { total: 1 }, roundHours: 24 })).toBe(false);
  });
});
