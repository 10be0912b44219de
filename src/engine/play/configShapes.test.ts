import { describe, expect, it } from 'vitest';
import {
  isCheckInConfig,
  isContestConfig,
  isDiceConfig,
  isPoolConfig,
  isRaiseConfig,
  isTasksConfig,
  tracksInvites,
} from './configShapes';

describe('config shapes', () => {
  it('reads what a config is played as from its fields, whatever its folder is called', () => {
    expect(tracksInvites({ inviteRules: ['register'] })).toBe(true);
    expect(tracksInvites({ prizes: [] })).toBe(false);
    expect(isContestConfig('sub-activity', { rankRewards: [] })).toBe(true);
    expect(isContestConfig('gameplay', { rankRewards: [] })).toBe(false);
    expect(isPoolConfig({ pool: { total: 1 }, tasks: [], roundHours: 24 })).toBe(true);
    expect(isPoolConfig({ pool: null, tasks: [], roundHours: 24 })).toBe(false);
    expect(isPoolConfig({ pool: { total: 1 }, roundHours: 24 })).toBe(false);
    expect(isPoolConfig({ pool: 5, tasks: [], roundHours: 24 })).toBe(false);
    expect(isPoolConfig({ pool: { total: 1 }, tasks: [] })).toBe(false);
  });

  it('tells a daily sign-in and a task center from the pool and dice boards that also have tasks', () => {
    expect(isCheckInConfig({ cycleDays: 7, dailyRewards: [{ day: 1, prizeId: 'p' }] })).toBe(true);
    expect(isCheckInConfig({ cycleDays: 7 })).toBe(false);
    expect(isCheckInConfig({ dailyRewards: [] })).toBe(false);
    const task = { id: 't', event: 'e', limits: { daily: 1 }, goButton: { text: 'Go', url: 'app://x' } };
    expect(isTasksConfig({ tasks: [task] })).toBe(true);
    expect(isTasksConfig({ tasks: [] })).toBe(false);
    expect(isTasksConfig({ tasks: [{ id: 't', event: 'e', coins: 5 }], pool: { total: 1 } })).toBe(false);
    expect(isTasksConfig({ tasks: [{ id: 't', event: 'e', dice: 2, dailyLimit: 1 }] })).toBe(false);
    expect(isTasksConfig({ tasks: [{ ...task, coins: 5 }] })).toBe(false);
    expect(isTasksConfig({ tasks: [{ ...task, limits: null }] })).toBe(false);
    expect(isTasksConfig({ tasks: [{ ...task, limits: 5 }] })).toBe(false);
    expect(isTasksConfig({ tasks: [{ id: 't', event: 'e' }] })).toBe(false);
    expect(isTasksConfig({ tasks: [{ ...task, dice: 2 }] })).toBe(false);
    // Every task must have limits: one coin task or one without any is enough to tell.
    expect(isTasksConfig({ tasks: [task, { ...task, coins: 5 }] })).toBe(false);
    expect(isTasksConfig({ tasks: [task, null] })).toBe(false);
    expect(isTasksConfig({ prizes: [] })).toBe(false);
  });

  it('tells a dice board and a raising by their own fields', () => {
    const board = { boardSize: 16, initialDice: 3, cells: [{ index: 3, prizeId: 'p' }], tasks: [] };
    expect(isDiceConfig(board)).toBe(true);
    expect(isDiceConfig({ ...board, cells: [] })).toBe(true);
    expect(isDiceConfig({ boardSize: 16 })).toBe(false);
    expect(isDiceConfig({ cells: [] })).toBe(false);
    expect(isDiceConfig({ boardSize: '16', cells: [] })).toBe(false);
    const dog = { species: 'dog', stages: { stage1: 30, stage2: 60, stage3: 100 }, events: ['feed'] };
    expect(isRaiseConfig(dog)).toBe(true);
    expect(isRaiseConfig({ ...dog, species: 'tree' })).toBe(true);
    expect(isRaiseConfig({ species: 'dog' })).toBe(false);
    expect(isRaiseConfig({ stages: { stage1: 30 } })).toBe(false);
    expect(isRaiseConfig({ species: 'dog', stages: null })).toBe(false);
    // Neither is a task center, a pool or a sign-in, nor the other.
    expect(isTasksConfig(board)).toBe(false);
    expect(isRaiseConfig(board)).toBe(false);
    expect(isDiceConfig(dog)).toBe(false);
    expect(isCheckInConfig(dog)).toBe(false);
  });
});
