import { describe, expect, it } from 'vitest';
import { buildRegistry } from '../registry/buildRegistry';
import { createEngineAjv } from '../validation/createEngineAjv';
import { MECHANICS, mechanicOf, playOf } from './mechanics';

const real = import.meta.glob('../../../schemas/**/*.json', { eager: true, import: 'default' }) as Record<
  string,
  unknown
>;

describe('mechanics', () => {
  it('declares every mechanic of PLAY.md with its renderers and actions; every mechanic is playable in this build', () => {
    expect(Object.fromEntries(Object.entries(MECHANICS).map(([name, m]) => [name, m.renderers]))).toEqual({
      draw: ['wheel', 'boxes', 'cards', 'lottery', 'slots', 'scratch'],
      'check-in': ['calendar'],
      quiz: ['quiz'],
      predict: ['predict'],
      dice: ['board'],
      raise: ['raise'],
      pool: ['pool'],
      collect: ['fragments'],
      invite: ['invite', 'leaderboard'],
      tasks: ['tasks'],
    });
    expect(Object.keys(MECHANICS).filter((name) => MECHANICS[name].playable)).toEqual([
      'draw',
      'check-in',
      'quiz',
      'predict',
      'dice',
      'raise',
      'pool',
      'collect',
      'invite',
      'tasks',
    ]);
    // A playable mechanic answers actions; one not playable yet answers none.
    for (const spec of Object.values(MECHANICS)) expect(spec.actions.length > 0).toBe(spec.playable);
    expect(MECHANICS.quiz.actions).toEqual(['startQuiz', 'answer', 'share', 'go']);
    expect(mechanicOf('toString')).toBeUndefined();
    expect(mechanicOf('__proto__')).toBeUndefined();
  });

  it("compiles every mechanic's needs with the engine's keywords", () => {
    const ajv = createEngineAjv();
    for (const spec of Object.values(MECHANICS)) expect(() => ajv.compile(spec.needs)).not.toThrow();
  });

  it('the draw needs prizes and a chance source', () => {
    const fn = createEngineAjv().compile(MECHANICS.draw.needs);
    const prizes = [
      { id: 'a', odds: 10, stock: 5 },
      { id: 't', isThank: true },
    ];
    expect(fn({ prizes, chances: { initialCount: 1, dailyFree: 0 } })).toBe(true);
    expect(fn({ prizes, dailyChances: 1 })).toBe(true);
    // A daily sub-activity may spend its bound campaign's chances instead.
    expect(fn({ prizes, chanceSource: 'parent' })).toBe(true);
    expect(fn({ prizes, chanceSource: 'own' })).toBe(false);
    expect(fn({ prizes })).toBe(false);
    expect(fn({ chances: { initialCount: 1, dailyFree: 0 } })).toBe(false);
    // A prize that can run out needs its stock; odds over 100% are refused.
    const thanks = { id: 't', isThank: true };
    expect(fn({ prizes: [{ id: 'a', odds: 10 }, thanks], dailyChances: 1 })).toBe(false);
    expect(fn({ prizes: [{ id: 'a', odds: 10, unlimitedStock: true }, thanks], dailyChances: 1 })).toBe(true);
    const over = [{ id: 'a', odds: 60, stock: 1 }, { id: 'b', odds: 41, stock: 1 }, thanks];
    expect(fn({ prizes: over, dailyChances: 1 })).toBe(false);
  });

  it('the quiz needs a question bank with answers and scores, and prizes', () => {
    const fn = createEngineAjv().compile(MECHANICS.quiz.needs);
    const question = { id: 'q1', options: [{ id: 'a' }, { id: 'b' }], answers: ['a'], score: 10 };
    expect(fn({ prizes: [{ id: 'p' }], questions: [question] })).toBe(true);
    expect(fn({ prizes: [{ id: 'p' }], questions: [] })).toBe(false);
    expect(fn({ prizes: [{ id: 'p' }], questions: [{ ...question, answers: [] }] })).toBe(false);
    expect(fn({ prizes: [{ id: 'p' }], questions: [{ ...question, score: -1 }] })).toBe(false);
    expect(fn({ questions: [question] })).toBe(false);
  });

  it('wires every real gameplay and sub-activity to its mechanic and renderer', () => {
    const registry = buildRegistry(real);
    const wiring = Object.fromEntries(
      registry.entries
        .filter((e) => e.kind !== 'entity' && e.kind !== 'block')
        .map((e) => [e.name, playOf(e)]),
    );
    const draw = (renderer: string) => ({ mechanic: 'draw', renderer, playable: true });
    expect(wiring).toEqual({
      'gameplay/lucky-wheel': draw('wheel'),
      'gameplay/blind-box': draw('boxes'),
      'gameplay/card-flipping': draw('cards'),
      'gameplay/slot-machine': draw('slots'),
      'gameplay/scratch-card': draw('scratch'),
      'sub-activity/daily-lottery': draw('lottery'),
      'sub-activity/daily-blind-box': draw('boxes'),
      'gameplay/daily-sign-in': { mechanic: 'check-in', renderer: 'calendar', playable: true },
      'sub-activity/sign-in': { mechanic: 'check-in', renderer: 'calendar', playable: true },
      'gameplay/prize-quiz': { mechanic: 'quiz', renderer: 'quiz', playable: true },
      'gameplay/match-prediction': { mechanic: 'predict', renderer: 'predict', playable: true },
      'gameplay/dice': { mechanic: 'dice', renderer: 'board', playable: true },
      'gameplay/raising': { mechanic: 'raise', renderer: 'raise', playable: true },
      'gameplay/coin-pool': { mechanic: 'pool', renderer: 'pool', playable: true },
      'gameplay/fragment-collection': { mechanic: 'collect', renderer: 'fragments', playable: true },
      'gameplay/referral': { mechanic: 'invite', renderer: 'invite', playable: true },
      'sub-activity/invite-contest': { mechanic: 'invite', renderer: 'leaderboard', playable: true },
      'gameplay/task-center': { mechanic: 'tasks', renderer: 'tasks', playable: true },
      'sub-activity/super-task': { mechanic: 'tasks', renderer: 'tasks', playable: true },
    });
    for (const entity of registry.entries.filter((e) => e.kind === 'entity'))
      expect(playOf(entity)).toBeNull();
  });

  it('answers null for an unknown mechanic, a renderer the mechanic lacks or a malformed play', () => {
    const meta = (play: unknown) => ({ meta: { mark: 'x', title: 't', version: '1.0.0', play } as never });
    expect(playOf(meta({ mechanic: 'draw', renderer: 'boxes' }))).toEqual({
      mechanic: 'draw',
      renderer: 'boxes',
      playable: true,
    });
    expect(playOf(meta({ mechanic: 'spin', renderer: 'wheel' }))).toBeNull();
    expect(playOf(meta({ mechanic: 'draw', renderer: 'calendar' }))).toBeNull();
    expect(playOf(meta({ mechanic: 'draw' }))).toBeNull();
    expect(playOf(meta('draw'))).toBeNull();
    expect(playOf(meta(undefined))).toBeNull();
  });
});
