/**
 * Raising a dog or a tree (the `raise` mechanic). Pure: the server passes instants (epoch ms) and
 * the random values it drew; everything counted is an integer (progress in basis points of full
 * growth, food in centigrams), so a state replays exactly.
 *
 * The model:
 * - **Growth** happens only with valid events (the config's `events`, a friend's successful help):
 *   each adds `energyPerEvent` of full growth (`0.05` = 500 bp = 5 percentage points), capped at
 *   10000 bp. The stage is the number of thresholds `stages.stage1..3` the progress has reached;
 *   reaching stage 3 (the last) makes the pet **grown**: it is done, its reward is
 *   `rewardPrizeId`, and it neither eats, fails nor takes events any more.
 * - **Food**: the bowl holds at most `food.full` (99 g), starts at `food.initial` and gets
 *   `food.perEvent` (default 10 g) per valid event. While growing, the pet eats `food.perHour`
 *   (default 1 g; 0 = never hungry) continuously, in whole centigrams on a fixed grid anchored at
 *   `startedAt`: by instant t it has eaten `floor((t - startedAt) * perHourCg / 3_600_000)` cg since
 *   it started. Feeding never moves the grid, so the food at any instant depends only on the
 *   timestamps of the events, never on how often the state was brought forward in between.
 * - **Failure** (whichever comes first; a tie counts as starved): `starved` at the exact instant
 *   the bowl empties (the first millisecond it has eaten all it held), `timeout` at
 *   `startedAt + timeLimitHours` when the limit is not 0. Both instants are inclusive: a pet is
 *   failed at that very millisecond, and an event then no longer saves it. A failed pet keeps its
 *   progress, its stage and the food it had at that instant.
 * - **Revival**: a failed pet revives once `revivalInvites` (not 0) friends were invited since it
 *   failed: the bowl back to `food.initial`, progress and stage kept, `startedAt` (so the time
 *   limit and the eating grid) restarting at the revival.
 *
 * Time never goes back: an instant before the state's `at` is taken as `at`.
 */

type Config = Record<string, unknown>;

export type Species = 'dog' | 'tree';
export type RaiseStage = 0 | 1 | 2 | 3;
export type RaiseStatus = 'growing' | 'failed' | 'grown';
export type RaiseFailure = 'starved' | 'timeout';

/** Full growth in basis points. */
export const FULL_PROGRESS_BP = 10_000;
/** A full bowl: 99 g (fixed, not configurable), in centigrams. */
export const FOOD_FULL_CG = 9_900;

const HOUR_MS = 3_600_000;

export interface RaisePrize {
  id: string;
  isThank: boolean;
}

export interface RaiseRules {
  species: Species;
  /** Progress (bp) that reaches stages 1, 2 and 3: within 1..10000, each at least the one before. */
  stagesBp: readonly [number, number, number];
  /** Progress (bp) one valid event adds: 1..10000. */
  energyBp: number;
  /** Progress (bp) of a new pet: 0..9999. */
  initialProgressBp: number;
  /** The bowl's capacity (cg): 9900. */
  foodFullCg: number;
  /** Food (cg) in a new or revived pet's bowl. */
  foodInitialCg: number;
  /** Food (cg) eaten per hour; 0 = never hungry. */
  foodPerHourCg: number;
  /** Food (cg) one valid event puts in the bowl. */
  foodPerEventCg: number;
  /** A friend's help succeeds when the caller's draw 0..9999 is below this (hundredths of a %). */
  helpBp: number;
  /** Time (ms) a pet has to grow from `startedAt`; 0 = no limit. */
  timeLimitMs: number;
  /** Invites since failing that revive a failed pet; 0 = it cannot be revived. */
  revivalInvites: number;
  /** Event keys that count as valid events. */
  events: readonly string[];
  prizes: readonly RaisePrize[];
  /** The prize of a grown pet (the last stage), or null when the config has no regular prize. */
  rewardPrizeId: string | null;
}

export interface RaiseState {
  /** 0..10000 basis points of full growth. */
  progressBp: number;
  /** Centigrams in the bowl at `at`: 0..9900. */
  foodCg: number;
  stage: RaiseStage;
  status: RaiseStatus;
  failure: RaiseFailure | null;
  /** When the pet was adopted or last revived (ms): the time limit and the eating grid start here. */
  startedAt: number;
  /** The instant (ms) the state describes: its last update. */
  at: number;
  /** The exact instant it failed (ms), or null. */
  failedAt: number | null;
  /** Revivals so far. */
  revivals: number;
}

export interface FeedResult {
  state: RaiseState;
  /** Stages this event newly reached, ascending (empty most of the time). */
  stagesReached: number[];
  /** True when this event completed the growth (stage 3 reached now). */
  grown: boolean;
  /** Why the event was ignored: the pet is (now) failed or already grown; null when it counted. */
  ignored: 'failed' | 'grown' | null;
}

export interface HelpResult extends FeedResult {
  /** The friend's draw succeeded (it counted as a valid event only when `ignored` is null). */
  succeeded: boolean;
}

export type ReviveResult =
  | { revived: true; state: RaiseState }
  | {
      revived: false;
      /** `notFailed`: the pet is growing or grown; `notRevivable`: the config allows no revival. */
      reason: 'notFailed' | 'notRevivable' | 'needsInvites';
      /** Invites still needed (for `needsInvites`; else 0). */
      invitesMissing: number;
      state: RaiseState;
    };

const num = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** A decimal amount in hundredths (percent -> bp, grams -> cg), rounded, clamped, or the fallback. */
const hundredths = (value: unknown, min: number, max: number, fallback: number) => {
  const n = num(value);
  return n === undefined ? fallback : clamp(Math.round(n * 100), min, max);
};

const int = (value: unknown, min: number, max: number, fallback: number) =>
  typeof value === 'number' && Number.isInteger(value) ? clamp(value, min, max) : fallback;

const objectOf = (value: unknown): Config => (value && typeof value === 'object' ? (value as Config) : {});

/**
 * The raising rules of a config, normalised (the server validated it; defensive on a partial one:
 * a missing required field takes the dog template's value, an optional one its documented
 * default). Stages 30/60/100 %, energy 0.05, initial progress 0 %, food initial 20 g, `food.perHour`
 * 1 g, `food.perEvent` 10 g, help 100 %, no time limit, no revival, `rewardPrizeId` the first prize
 * whose `isThank` is not true (an id naming no prize of the config falls back to that too).
 */
export function raiseRulesOf(config: Config): RaiseRules {
  const stages = objectOf(config.stages);
  const stage1 = hundredths(stages.stage1, 1, FULL_PROGRESS_BP, 3_000);
  const stage2 = Math.max(stage1, hundredths(stages.stage2, 1, FULL_PROGRESS_BP, 6_000));
  const stage3 = Math.max(stage2, hundredths(stages.stage3, 1, FULL_PROGRESS_BP, FULL_PROGRESS_BP));
  const food = objectOf(config.food);
  const perHour = num(food.perHour);
  const energy = num(config.energyPerEvent);
  const prizes = (Array.isArray(config.prizes) ? config.prizes : [])
    .map(objectOf)
    .filter((p) => typeof p.id === 'string' && p.id !== '')
    .map((p) => ({ id: p.id as string, isThank: p.isThank === true }));
  const named = typeof config.rewardPrizeId === 'string' ? config.rewardPrizeId : '';
  const reward = prizes.find((p) => p.id === named) ?? prizes.find((p) => !p.isThank);
  const events = Array.isArray(config.events)
    ? config.events.filter((e): e is string => typeof e === 'string' && e !== '')
    : [];
  return {
    species: config.species === 'tree' ? 'tree' : 'dog',
    stagesBp: [stage1, stage2, stage3],
    energyBp: energy === undefined ? 500 : clamp(Math.round(energy * FULL_PROGRESS_BP), 1, FULL_PROGRESS_BP),
    initialProgressBp: hundredths(config.initialProgress, 0, FULL_PROGRESS_BP - 1, 0),
    foodFullCg: FOOD_FULL_CG,
    foodInitialCg: hundredths(food.initial, 0, FOOD_FULL_CG, 2_000),
    // A positive rate eats at least 1 cg an hour (at most a full bowl an hour).
    foodPerHourCg:
      perHour === undefined ? 100 : perHour <= 0 ? 0 : clamp(Math.round(perHour * 100), 1, FOOD_FULL_CG),
    foodPerEventCg: hundredths(food.perEvent, 0, FOOD_FULL_CG, 1_000),
    helpBp: hundredths(config.helpProbability, 0, 10_000, 10_000),
    timeLimitMs: int(config.timeLimitHours, 0, 8_784, 0) * HOUR_MS,
    revivalInvites: int(config.revivalInvites, 0, 99, 0),
    events: [...new Set(events)],
    prizes,
    rewardPrizeId: reward?.id ?? null,
  };
}

/** The stage (0..3) of a progress: how many of the stage thresholds it has reached. */
export function stageOf(rules: RaiseRules, progressBp: number): RaiseStage {
  return rules.stagesBp.filter((threshold) => progressBp >= threshold).length as RaiseStage;
}

/** True when an event key counts as a valid event. */
export function isValidEvent(rules: RaiseRules, event: string): boolean {
  return rules.events.includes(event);
}

/** A new pet at `nowMs`: initial progress and food; grown at once if the initial progress is. */
export function adopt(rules: RaiseRules, nowMs: number): RaiseState {
  const stage = stageOf(rules, rules.initialProgressBp);
  return {
    progressBp: rules.initialProgressBp,
    foodCg: rules.foodInitialCg,
    stage,
    status: stage === 3 ? 'grown' : 'growing',
    failure: null,
    startedAt: nowMs,
    at: nowMs,
    failedAt: null,
    revivals: 0,
  };
}

/** Exact integer divisions of non-negative integers below 2^53. */
const floorDiv = (a: number, b: number) => (a - (a % b)) / b;
const ceilDiv = (a: number, b: number) => floorDiv(a, b) + (a % b > 0 ? 1 : 0);

/** Centigrams eaten on the grid from `startedAt` to `t`. */
function eaten(rules: RaiseRules, startedAt: number, t: number): number {
  return floorDiv(Math.max(0, t - startedAt) * rules.foodPerHourCg, HOUR_MS);
}

/**
 * When and how a growing pet fails if nothing else happens: the instant its bowl empties or its
 * time limit ends, whichever comes first (a tie: starved). Null for a pet that is not growing or
 * can fail neither way (never hungry, no time limit).
 */
export function nextFailure(
  rules: RaiseRules,
  state: RaiseState,
): { at: number; failure: RaiseFailure } | null {
  if (state.status !== 'growing') return null;
  const starveAt =
    rules.foodPerHourCg > 0
      ? state.startedAt +
        ceilDiv((eaten(rules, state.startedAt, state.at) + state.foodCg) * HOUR_MS, rules.foodPerHourCg)
      : Infinity;
  const timeoutAt = rules.timeLimitMs > 0 ? state.startedAt + rules.timeLimitMs : Infinity;
  if (starveAt === Infinity && timeoutAt === Infinity) return null;
  return starveAt <= timeoutAt ? { at: starveAt, failure: 'starved' } : { at: timeoutAt, failure: 'timeout' };
}

/** The food (cg) a growing pet's bowl holds at `t` (not before `state.at`). */
function foodAt(rules: RaiseRules, state: RaiseState, t: number): number {
  return Math.max(
    0,
    state.foodCg - (eaten(rules, state.startedAt, t) - eaten(rules, state.startedAt, state.at)),
  );
}

/**
 * The state brought forward to `nowMs` exactly as time passed while the player was away: the bowl
 * drains on its grid; a pet whose bowl empties or whose time limit ends by `nowMs` (inclusive)
 * fails at that exact instant. Growth does not happen with time. A pure function of the
 * timestamps: advancing in one step or in many gives the same state. A failed or grown pet only
 * has its `at` moved.
 */
export function advance(rules: RaiseRules, state: RaiseState, nowMs: number): RaiseState {
  const target = Math.max(state.at, nowMs);
  if (state.status !== 'growing') return target === state.at ? state : { ...state, at: target };
  const failing = nextFailure(rules, state);
  if (failing && failing.at <= target) {
    return {
      ...state,
      foodCg: foodAt(rules, state, failing.at),
      status: 'failed',
      failure: failing.failure,
      failedAt: failing.at,
      at: target,
    };
  }
  return { ...state, foodCg: foodAt(rules, state, target), at: target };
}

/**
 * A valid event at `nowMs`. The state is advanced first; a failed or grown pet ignores the event
 * (`ignored` says which). Otherwise progress gains `energyBp` (capped at full growth) and the bowl
 * `foodPerEventCg` (capped at full); `stagesReached` lists the stages newly reached, and reaching
 * stage 3 makes the pet grown (`grown`).
 */
export function feedEvent(rules: RaiseRules, state: RaiseState, nowMs: number): FeedResult {
  const now = advance(rules, state, nowMs);
  if (now.status !== 'growing') return { state: now, stagesReached: [], grown: false, ignored: now.status };
  const progressBp = Math.min(FULL_PROGRESS_BP, now.progressBp + rules.energyBp);
  const stage = Math.max(now.stage, stageOf(rules, progressBp)) as RaiseStage;
  const stagesReached: number[] = [];
  for (let s = now.stage + 1; s <= stage; s++) stagesReached.push(s);
  const grown = stage === 3;
  return {
    state: {
      ...now,
      progressBp,
      foodCg: Math.min(rules.foodFullCg, now.foodCg + rules.foodPerEventCg),
      stage,
      status: grown ? 'grown' : 'growing',
    },
    stagesReached,
    grown,
    ignored: null,
  };
}

/** True when a friend's help succeeds for the caller's uniform draw 0..9999. */
export function helpSucceeds(rules: RaiseRules, randomBelow10000: number): boolean {
  if (!Number.isInteger(randomBelow10000) || randomBelow10000 < 0 || randomBelow10000 >= 10_000)
    throw new RangeError(`help: expected an integer 0..9999, got ${randomBelow10000}`);
  return randomBelow10000 < rules.helpBp;
}

/**
 * A friend's help at `nowMs`: it succeeds when the caller's uniform draw `randomBelow10000` is
 * below `helpProbability * 100` (so with that probability), and a success counts as one valid
 * event (`feedEvent`). A failed draw only advances the state. Throws a RangeError for a draw
 * outside 0..9999.
 */
export function help(
  rules: RaiseRules,
  state: RaiseState,
  nowMs: number,
  randomBelow10000: number,
): HelpResult {
  if (helpSucceeds(rules, randomBelow10000)) return { ...feedEvent(rules, state, nowMs), succeeded: true };
  const now = advance(rules, state, nowMs);
  return {
    state: now,
    stagesReached: [],
    grown: false,
    ignored: now.status === 'growing' ? null : now.status,
    succeeded: false,
  };
}

/**
 * Revives a failed pet at `nowMs` when the config allows it (`revivalInvites` > 0) and
 * `invitesSinceFailure` (friends invited since `failedAt`, counted by the caller) reaches it: the
 * bowl back to `food.initial`, progress and stage kept, `startedAt` = `nowMs` (the time limit
 * restarts), status growing, `revivals` + 1. Otherwise the reason it cannot, with the state
 * advanced to `nowMs`.
 */
export function revive(
  rules: RaiseRules,
  state: RaiseState,
  nowMs: number,
  invitesSinceFailure: number,
): ReviveResult {
  const now = advance(rules, state, nowMs);
  if (now.status !== 'failed') return { revived: false, reason: 'notFailed', invitesMissing: 0, state: now };
  if (rules.revivalInvites === 0)
    return { revived: false, reason: 'notRevivable', invitesMissing: 0, state: now };
  const invites = Math.max(0, Math.floor(invitesSinceFailure) || 0);
  if (invites < rules.revivalInvites)
    return {
      revived: false,
      reason: 'needsInvites',
      invitesMissing: rules.revivalInvites - invites,
      state: now,
    };
  return {
    revived: true,
    state: {
      ...now,
      foodCg: rules.foodInitialCg,
      status: 'growing',
      failure: null,
      failedAt: null,
      startedAt: now.at,
      revivals: now.revivals + 1,
    },
  };
}

/** A pet as the server keeps it: the state, the valid events counted, the reward decided. */
export interface PetHeld {
  state: RaiseState;
  /** Valid events and successful helps counted. */
  events: number;
  /** The reward record given when grown, `none:<outcome>` when it could not be, null before. */
  rewardId: string | null;
}

/**
 * The last stage's reward a pet is due: once, when it is grown and no reward was decided yet; the
 * prize to give (null: the config has none, so it is decided as not given). Null when none is due.
 */
export function rewardDue(rules: RaiseRules, pet: PetHeld): { prizeId: string | null } | null {
  if (pet.state.status !== 'grown' || pet.rewardId) return null;
  return { prizeId: rules.rewardPrizeId };
}

/** What valid events decided: the pet after them, how many counted, the reward now due. */
export interface FeedDecision {
  pet: PetHeld;
  fed: number;
  reward: { prizeId: string | null } | null;
}

/**
 * Valid events at their instants on a pet, in time order (never before its last update): each
 * one `feedEvent`; those the pet took are counted, and reaching the last stage makes its reward due.
 */
export function decideFeed(rules: RaiseRules, pet: PetHeld, instantsMs: readonly number[]): FeedDecision {
  let state = pet.state;
  let fed = 0;
  for (const atMs of [...instantsMs].sort((a, b) => a - b)) {
    const result = feedEvent(rules, state, Math.max(atMs, state.at));
    state = result.state;
    if (result.ignored === null) fed += 1;
  }
  const after = { ...pet, state, events: pet.events + fed };
  return { pet: after, fed, reward: rewardDue(rules, after) };
}

/** Everything a friend's help decides on, read before deciding. */
export interface HelpSituation {
  rules: RaiseRules;
  nowMs: number;
  helperId: string;
  /** The participant the code names, or null for none. */
  ownerId: string | null;
  /** The owner's pet (null: none stored, or the owner never joined the campaign). */
  pet: PetHeld | null;
  /** The helper helped this owner's pet on this local day already. */
  helpedToday: boolean;
}

/** What a help decided: a refusal, or the help (its draw, whether it counted, the pet after it). */
export type HelpDecision =
  | { refusal: 'noPet' | 'ownPet' | 'helpedToday' }
  | {
      refusal: null;
      /** The uniform draw 0..9999, kept with the action. */
      randomValue: number;
      /** The draw succeeded and the pet took it as a valid event. */
      succeeded: boolean;
      pet: PetHeld;
      reward: { prizeId: string | null } | null;
    };

/**
 * One friend's help, decided: refused for a code naming nobody, then for the helper's own pet,
 * then without a pet, then when this friend helped this pet today; else `help` with the draw
 * `randomBelow10000` (uniform in 0..9999): a success the pet takes counts as one valid event,
 * and reaching the last stage makes the pet's reward due.
 */
export function decideHelp(situation: HelpSituation, randomBelow10000: number): HelpDecision {
  const { rules, pet } = situation;
  if (situation.ownerId === null) return { refusal: 'noPet' };
  if (situation.ownerId === situation.helperId) return { refusal: 'ownPet' };
  if (!pet) return { refusal: 'noPet' };
  if (situation.helpedToday) return { refusal: 'helpedToday' };
  const helped = help(rules, pet.state, situation.nowMs, randomBelow10000);
  const succeeded = helped.succeeded && helped.ignored === null;
  const after = { ...pet, state: helped.state, events: pet.events + (succeeded ? 1 : 0) };
  return {
    refusal: null,
    randomValue: randomBelow10000,
    succeeded,
    pet: after,
    reward: rewardDue(rules, after),
  };
}

/**
 * Since when the friends invited count for a revival at `nowMs`: the instant the pet failed, or
 * null when no count can change the answer (it has not failed, or the config allows no revival).
 */
export function invitesCountFrom(rules: RaiseRules, state: RaiseState, nowMs: number): number | null {
  if (rules.revivalInvites === 0) return null;
  return advance(rules, state, nowMs).failedAt;
}

/** Everything a revival decides on, read before deciding. */
export interface ReviveSituation {
  rules: RaiseRules;
  nowMs: number;
  pet: PetHeld;
  /** Friends who joined by the player's link since the pet failed (0 when not counted). */
  invitesSinceFailure: number;
}

/** What a revival decided: a refusal (the invites missing named), or the revived pet. */
export type ReviveDecision =
  | { refusal: 'notFailed' | 'notRevivable' }
  | { refusal: 'needsInvites'; params: { count: number } }
  | { refusal: null; pet: PetHeld };

/**
 * One revival, decided (`revive`): refused for a pet that has not failed, then when the config
 * allows no revival, then short of invites (the number missing named); else the revived pet.
 */
export function decideRevive(situation: ReviveSituation): ReviveDecision {
  const { rules, pet } = situation;
  const revived = revive(rules, pet.state, situation.nowMs, situation.invitesSinceFailure);
  if (revived.revived) return { refusal: null, pet: { ...pet, state: revived.state } };
  if (revived.reason === 'needsInvites')
    return { refusal: 'needsInvites', params: { count: revived.invitesMissing } };
  return { refusal: revived.reason };
}
