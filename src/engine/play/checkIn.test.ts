import { describe, expect, it } from 'vitest';
import {
  EMPTY_CHECK_IN,
  checkInRulesOf,
  checkInStep,
  decideCheckIn,
  makeUpDays,
  nextCheckIn,
  replayCheckIns,
  type CheckInMark,
  type CheckInReward,
  type CheckInRules,
  type CheckInState,
} from './checkIn';
import { addDays } from './periods';

const sevenDays = (extra: Record<string, unknown> = {}) =>
  checkInRulesOf({
    cycleDays: 7,
    resetMode: 'restart-after-miss',
    loop: true,
    allowMakeUp: true,
    dailyRewards: [
      { day: 1, prizeId: 'coins' },
      { day: 3, prizeId: 'coupon' },
      { day: 7, prizeId: 'gift' },
    ],
    consecutiveRewards: [{ days: 7, prizeId: 'streak7' }],
    accumulatedRewards: [
      { days: 3, prizeId: 'total3' },
      { days: 10, prizeId: 'total10' },
    ],
    ...extra,
  });

/** Checks in on each day in order; the rewards' refs per day, or the refusal. */
function run(rules: CheckInRules, marks: CheckInMark[]) {
  let state: CheckInState = EMPTY_CHECK_IN;
  const out: (string[] | string)[] = [];
  for (const mark of marks) {
    const step = checkInStep(rules, state, mark);
    if ('refused' in step) out.push(step.refused);
    else {
      state = step.state;
      out.push(step.rewards.map((r: CheckInReward) => r.ref));
    }
  }
  return { state, out };
}

const days = (from: string, n: number, makeUp = false) =>
  Array.from({ length: n }, (_, i) => ({ day: addDays(from, i), makeUp }));

describe('check-in cycle', () => {
  it('seven days in a row give each day its reward, the streak and the accumulated steps once', () => {
    const { state, out } = run(sevenDays(), days('2026-12-01', 7));
    expect(out).toEqual([
      ['daily:0:1'],
      [],
      ['daily:0:3', 'accumulated:3'],
      [],
      [],
      [],
      ['daily:0:7', 'consecutive:0:7'],
    ]);
    expect(state).toMatchObject({ cycle: 0, position: 7, streak: 7, cycleStreak: 7, total: 7 });
  });

  it('loops into a new cycle after the last day; accumulated rewards count over cycles', () => {
    const { state, out } = run(sevenDays(), days('2026-12-01', 10));
    expect(out[7]).toEqual(['daily:1:1']);
    expect(out[9]).toEqual(['daily:1:3', 'accumulated:10']);
    expect(state).toMatchObject({ cycle: 1, position: 3, streak: 10, total: 10 });
  });

  it('without loop, check-ins end with the cycle', () => {
    const { out } = run(sevenDays({ loop: false }), days('2026-12-01', 8));
    expect(out[7]).toBe('cycleComplete');
  });

  it('a missed day restarts the cycle in restart-after-miss mode', () => {
    const marks = [...days('2026-12-01', 3), ...days('2026-12-05', 2)];
    const { state, out } = run(sevenDays(), marks);
    expect(out[3]).toEqual(['daily:1:1']);
    expect(state).toMatchObject({ cycle: 1, position: 2, streak: 2, cycleStreak: 2, total: 5 });
  });

  it('a missed day keeps the cycle day in restart-after-cycle mode, but breaks the streak', () => {
    const marks = [...days('2026-12-01', 3), ...days('2026-12-05', 4)];
    const { state, out } = run(sevenDays({ resetMode: 'restart-after-cycle' }), marks);
    // Cycle day 7 is reached on the 7th check-in; the streak within the cycle is only 4.
    expect(out[6]).toEqual(['daily:0:7']);
    expect(state).toMatchObject({ cycle: 0, position: 7, streak: 4, cycleStreak: 4, total: 7 });
  });

  it('a make-up of the missed day keeps the streak and the cycle', () => {
    const marks = [...days('2026-12-01', 3), { day: '2026-12-04', makeUp: true }, ...days('2026-12-05', 3)];
    const { state, out } = run(sevenDays(), marks);
    expect(out[6]).toEqual(['daily:0:7', 'consecutive:0:7']);
    expect(state).toMatchObject({ cycle: 0, position: 7, streak: 7, makeUpsInCycle: 1 });
  });

  it('the same day twice is refused; a make-up only fills days after the last check-in', () => {
    const rules = sevenDays();
    const { out } = run(rules, [
      { day: '2026-12-01', makeUp: false },
      { day: '2026-12-01', makeUp: false },
      { day: '2026-12-03', makeUp: false },
      { day: '2026-12-02', makeUp: true },
    ]);
    expect(out.slice(1)).toEqual(['alreadyCheckedIn', ['daily:1:1'], 'makeUpDayInvalid']);
  });

  it('make-ups are refused when not allowed and beyond the per-cycle limit', () => {
    expect(run(sevenDays({ allowMakeUp: false }), [{ day: '2026-12-01', makeUp: true }]).out).toEqual([
      'makeUpNotAllowed',
    ]);
    const limited = sevenDays({ makeUpLimit: 1 });
    const { out } = run(limited, [
      { day: '2026-12-01', makeUp: false },
      { day: '2026-12-02', makeUp: true },
      { day: '2026-12-03', makeUp: true },
    ]);
    expect(out[2]).toBe('makeUpLimit');
  });

  it('lists the days one may make up: after the last check-in, before today, at most a cycle back', () => {
    const rules = sevenDays();
    const state = replayCheckIns(rules, days('2026-12-01', 2));
    expect(makeUpDays(rules, state, '2026-12-05', '2026-12-01')).toEqual(['2026-12-03', '2026-12-04']);
    expect(makeUpDays(rules, EMPTY_CHECK_IN, '2026-12-03', '2026-12-01')).toEqual([
      '2026-12-01',
      '2026-12-02',
    ]);
    expect(makeUpDays(rules, state, '2026-12-30', '2026-12-01')).toHaveLength(7);
    expect(makeUpDays(sevenDays({ makeUpLimit: 1 }), state, '2026-12-05', '2026-12-01')).toEqual([
      '2026-12-03',
    ]);
    expect(makeUpDays(sevenDays({ allowMakeUp: false }), state, '2026-12-05', '2026-12-01')).toEqual([]);
  });

  it('replaying the check-ins gives the state stepping gave, in any input order', () => {
    const rules = sevenDays({ resetMode: 'restart-after-cycle' });
    const marks = [...days('2026-12-01', 5), ...days('2026-12-08', 9), { day: '2026-12-07', makeUp: true }];
    const stepped = run(
      rules,
      [...marks].sort((a, b) => a.day.localeCompare(b.day)),
    ).state;
    expect(replayCheckIns(rules, [...marks].reverse())).toEqual(stepped);
  });

  it('tells what today would give', () => {
    const rules = sevenDays();
    expect(nextCheckIn(rules, EMPTY_CHECK_IN, '2026-12-01')).toEqual({
      cycle: 0,
      position: 1,
      rewards: [{ kind: 'daily', prizeId: 'coins', ref: 'daily:0:1', days: 1 }],
    });
    const done = replayCheckIns(sevenDays({ loop: false }), days('2026-12-01', 7));
    expect(nextCheckIn(sevenDays({ loop: false }), done, '2026-12-08')).toEqual({ refused: 'cycleComplete' });
  });

  it('reads a one-day cycle and ignores rewards outside the cycle', () => {
    const rules = checkInRulesOf({
      cycleDays: 1,
      resetMode: 'restart-after-cycle',
      loop: true,
      dailyRewards: [{ day: 1, prizeId: 'a' }],
      consecutiveRewards: [{ days: 2, prizeId: 'never' }],
    });
    const { out } = run(rules, days('2026-12-01', 3));
    expect(out).toEqual([['daily:0:1'], ['daily:1:1'], ['daily:2:1']]);
  });
});

describe('decideCheckIn', () => {
  const D1 = '2026-03-01';
  const at = (n: number) => addDays(D1, n);
  const situation = (over: Partial<Parameters<typeof decideCheckIn>[0]> = {}) => ({
    rules: sevenDays(),
    marks: [] as CheckInMark[],
    today: at(2),
    firstDay: D1,
    asked: undefined as unknown,
    paidToday: null,
    ...over,
  });

  it("decides today's check-in: the day, the state after it and its rewards", () => {
    const marks = [
      { day: at(0), makeUp: false },
      { day: at(1), makeUp: false },
    ];
    expect(decideCheckIn(situation({ marks }))).toEqual({
      refusal: null,
      day: at(2),
      makeUp: false,
      state: {
        cycle: 0,
        position: 3,
        streak: 3,
        cycleStreak: 3,
        total: 3,
        lastDay: at(2),
        makeUpsInCycle: 0,
      },
      rewards: [
        { kind: 'daily', prizeId: 'coupon', ref: 'daily:0:3', days: 3 },
        { kind: 'accumulated', prizeId: 'total3', ref: 'accumulated:3', days: 3 },
      ],
    });
    // The state kept by the server decides as the check-ins replayed do.
    expect(decideCheckIn(situation({ state: replayCheckIns(sevenDays(), marks) }))).toEqual(
      decideCheckIn(situation({ marks })),
    );
    // Asking for today is today's check-in, not a make-up.
    expect(decideCheckIn(situation({ marks, asked: at(2) }))).toMatchObject({ makeUp: false, day: at(2) });
  });

  it('refuses a second check-in on the same day', () => {
    expect(decideCheckIn(situation({ marks: [{ day: at(2), makeUp: false }] }))).toEqual({
      refusal: 'alreadyCheckedIn',
    });
  });

  it('makes up a missed day, and refuses a bad day, a forbidden make-up or an unpaid one in that order', () => {
    const marks = [{ day: at(0), makeUp: false }];
    expect(decideCheckIn(situation({ marks, asked: at(1) }))).toMatchObject({
      refusal: null,
      day: at(1),
      makeUp: true,
      state: { position: 2, makeUpsInCycle: 1, lastDay: at(1) },
    });
    expect(decideCheckIn(situation({ marks, asked: '1 March' }))).toEqual({ refusal: 'makeUpDayInvalid' });
    expect(decideCheckIn(situation({ marks, asked: 20260302 }))).toEqual({ refusal: 'makeUpDayInvalid' });
    expect(
      decideCheckIn(situation({ rules: sevenDays({ allowMakeUp: false }), marks, asked: '1 March' })),
    ).toEqual({ refusal: 'makeUpDayInvalid' });
    expect(
      decideCheckIn(situation({ rules: sevenDays({ allowMakeUp: false }), marks, asked: at(1) })),
    ).toEqual({
      refusal: 'makeUpNotAllowed',
    });
    // A day already checked in, or before the campaign, cannot be made up.
    expect(decideCheckIn(situation({ marks, asked: at(0) }))).toEqual({ refusal: 'makeUpDayInvalid' });
    expect(decideCheckIn(situation({ asked: addDays(D1, -1) }))).toEqual({ refusal: 'makeUpDayInvalid' });
    const paid = sevenDays({ makeUpShares: 2 });
    expect(
      decideCheckIn(situation({ rules: paid, marks, asked: at(1), paidToday: { shares: 1, makeUps: 0 } })),
    ).toEqual({
      refusal: 'makeUpSharesNeeded',
      params: { count: 2 },
    });
    expect(
      decideCheckIn(situation({ rules: paid, marks, asked: at(1), paidToday: { shares: 4, makeUps: 2 } })),
    ).toEqual({
      refusal: 'makeUpSharesNeeded',
      params: { count: 2 },
    });
    expect(
      decideCheckIn(situation({ rules: paid, marks, asked: at(1), paidToday: { shares: 4, makeUps: 1 } })),
    ).toMatchObject({ refusal: null, makeUp: true });
  });

  it('refuses once a cycle without a loop is complete', () => {
    const rules = checkInRulesOf({ cycleDays: 2, loop: false });
    const marks = [
      { day: at(0), makeUp: false },
      { day: at(1), makeUp: false },
    ];
    expect(decideCheckIn(situation({ rules, marks }))).toEqual({ refusal: 'cycleComplete' });
  });
});

describe('check-in rules read exactly, and the edges of make-ups', () => {
  it('reads only well-formed steps: integer days, a prize id, consecutive steps within the cycle, in day order', () => {
    const rules = checkInRulesOf({
      cycleDays: 5,
      resetMode: 'restart-after-cycle',
      makeUpShares: 2.5,
      makeUpLimit: 40,
      dailyRewards: [
        null,
        'day',
        { day: 1.5, prizeId: 'half' },
        { day: 2, prizeId: '' },
        { day: 3, prizeId: 3 },
        { day: 4, prizeId: 'four' },
      ],
      accumulatedRewards: [
        { days: 30, prizeId: 'thirty' },
        { days: 10 },
        { days: '4', prizeId: 'text' },
        { days: 2.5, prizeId: 'half' },
        { days: 3, prizeId: null },
        { days: 2, prizeId: 'two' },
      ],
      consecutiveRewards: [
        { days: 6, prizeId: 'past-the-cycle' },
        { days: 5, prizeId: 'five' },
        { days: 1, prizeId: 'one' },
      ],
    });
    expect(rules).toEqual({
      cycleDays: 5,
      resetMode: 'restart-after-cycle',
      loop: false,
      allowMakeUp: false,
      makeUpShares: 0,
      makeUpLimit: 30,
      daily: new Map([[4, 'four']]),
      accumulated: [
        { days: 2, prizeId: 'two' },
        { days: 30, prizeId: 'thirty' },
      ],
      consecutive: [
        { days: 1, prizeId: 'one' },
        { days: 5, prizeId: 'five' },
      ],
    });
    expect(checkInRulesOf({ cycleDays: '5', dailyRewards: 'all', accumulatedRewards: {} })).toMatchObject({
      cycleDays: 7,
      daily: new Map(),
      accumulated: [],
      resetMode: 'restart-after-miss',
    });
  });

  it('names every reward of a step with its kind, prize and days', () => {
    const rules = checkInRulesOf({
      cycleDays: 2,
      dailyRewards: [{ day: 2, prizeId: 'd2' }],
      consecutiveRewards: [{ days: 2, prizeId: 'c2' }],
      accumulatedRewards: [{ days: 2, prizeId: 'a2' }],
    });
    const { state } = run(rules, days('2026-12-01', 1));
    expect(checkInStep(rules, state, { day: '2026-12-02', makeUp: false })).toMatchObject({
      rewards: [
        { kind: 'daily', prizeId: 'd2', ref: 'daily:0:2', days: 2 },
        { kind: 'consecutive', prizeId: 'c2', ref: 'consecutive:0:2', days: 2 },
        { kind: 'accumulated', prizeId: 'a2', ref: 'accumulated:2', days: 2 },
      ],
    });
  });

  it('replays past a refused check-in as if it were not there', () => {
    const rules = sevenDays({ allowMakeUp: false });
    const clean = days('2026-12-01', 3);
    const withRefused = [...clean, { day: '2026-12-02', makeUp: true }, { day: '2026-12-02', makeUp: false }];
    expect(replayCheckIns(rules, withRefused)).toEqual(replayCheckIns(rules, clean));
    expect(replayCheckIns(rules, [...clean].reverse())).toEqual(replayCheckIns(rules, clean));
  });

  it('offers no make-up when nothing was missed, or when the first missed day cannot be made up', () => {
    const rules = sevenDays({ makeUpLimit: 1 });
    const yesterday = replayCheckIns(rules, days('2026-12-01', 4));
    expect(makeUpDays(rules, yesterday, '2026-12-05', '2026-12-01')).toEqual([]);
    // The cycle's one make-up is spent: the missed days after it are not offered.
    const spent = replayCheckIns(rules, [
      { day: '2026-12-01', makeUp: false },
      { day: '2026-12-02', makeUp: true },
    ]);
    expect(spent.makeUpsInCycle).toBe(1);
    expect(makeUpDays(rules, spent, '2026-12-06', '2026-12-01')).toEqual([]);
    // Without a loop, a complete cycle has nothing to make up.
    const noLoop = sevenDays({ loop: false });
    const complete = replayCheckIns(noLoop, days('2026-12-01', 7));
    expect(makeUpDays(noLoop, complete, '2026-12-10', '2026-12-01')).toEqual([]);
  });

  it("offers as many missed days as the cycle's make-ups left", () => {
    const rules = sevenDays({ makeUpLimit: 3 });
    const oneUsed = replayCheckIns(rules, [
      { day: '2026-12-01', makeUp: false },
      { day: '2026-12-02', makeUp: true },
    ]);
    expect(makeUpDays(rules, oneUsed, '2026-12-08', '2026-12-01')).toEqual(['2026-12-03', '2026-12-04']);
    expect(makeUpDays(rules, EMPTY_CHECK_IN, '2026-12-08', '2026-12-01')).toEqual([
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
    ]);
    // Never before the campaign's first day, even after a check-in before it.
    const early = replayCheckIns(rules, [{ day: '2026-11-20', makeUp: false }]);
    expect(makeUpDays(rules, early, '2026-12-03', '2026-12-01')).toEqual(['2026-12-01', '2026-12-02']);
  });

  it("today's check-in is never a make-up, even where make-ups are forbidden", () => {
    const rules = sevenDays({ allowMakeUp: false });
    expect(nextCheckIn(rules, EMPTY_CHECK_IN, '2026-12-01')).toMatchObject({ cycle: 0, position: 1 });
  });
});

describe('decideCheckIn: the make-up edges', () => {
  const D1 = '2026-03-01';
  const at = (n: number) => addDays(D1, n);
  const base = {
    marks: [{ day: at(0), makeUp: false }] as CheckInMark[],
    today: at(4),
    firstDay: D1,
    paidToday: null,
  };

  it('refuses a day that only looks like a date', () => {
    const rules = sevenDays();
    for (const asked of [[at(1)], `x${at(1)}`, `${at(1)}x`])
      expect(decideCheckIn({ ...base, rules, asked })).toEqual({ refusal: 'makeUpDayInvalid' });
    expect(decideCheckIn({ ...base, rules, asked: at(1) })).toMatchObject({ refusal: null, day: at(1) });
  });

  it("says the step's own reason when the day cannot be made up: the cycle's make-ups are spent", () => {
    const rules = sevenDays({ makeUpLimit: 1 });
    const marks = [...base.marks, { day: at(1), makeUp: true }];
    expect(decideCheckIn({ ...base, rules, marks, asked: at(2) })).toEqual({ refusal: 'makeUpLimit' });
  });

  it('a make-up paid by shares needs them even when nothing was read of today', () => {
    const rules = sevenDays({ makeUpShares: 2 });
    expect(decideCheckIn({ ...base, rules, asked: at(1) })).toEqual({
      refusal: 'makeUpSharesNeeded',
      params: { count: 2 },
    });
  });
});
