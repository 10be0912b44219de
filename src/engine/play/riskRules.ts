// A campaign's risk rules (its config's `risk`, schemas/_defs/risk.json): how many rewards one
// device, one address, one address range and one user id may take per local day, how many actions
// one participant and one address may make per minute, and how many devices one user id and how
// many user ids one device may open sessions from. Pure: the server passes who acts (device, user
// id and the address's keys) and the instant; the counting itself is one conditional upsert per
// key (server/play/risk).
import { playDay } from './playDay';

type Config = Record<string, unknown>;

/** What a limit counts by. `ip` is an IPv4 address (or an IPv6 /64), `subnet` its /24 (or /64). */
export type RewardScope = 'device' | 'ip' | 'subnet' | 'user';
/** Actions per minute: of one participant, of one address. */
export type VelocityScope = 'participant' | 'address';
/** What happens when a session goes past a device rule: refused, or let in and flagged. */
export type DeviceAction = 'refuse' | 'flag';

export interface DeviceRule {
  max: number;
  action: DeviceAction;
}

export interface RiskRules {
  /** Rewards per local day (campaign time zone) by scope; absent = no limit. */
  rewardsPerDay: Partial<Record<RewardScope, number>>;
  /** Actions per minute by scope; absent = no limit. */
  velocity: Partial<Record<VelocityScope, number>>;
  /** Devices one user id may open sessions from. */
  devicesPerUser: DeviceRule | null;
  /** User ids one device may open sessions as. */
  usersPerDevice: DeviceRule | null;
}

export const REWARD_SCOPES: readonly RewardScope[] = ['device', 'ip', 'subnet', 'user'];
export const VELOCITY_SCOPES: readonly VelocityScope[] = ['participant', 'address'];

const obj = (value: unknown): Config =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Config) : {};

/** A positive whole limit, else none (0, missing or malformed: no limit). */
const limit = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : undefined;

function deviceRule(value: unknown): DeviceRule | null {
  const rule = obj(value);
  const max = limit(rule.max);
  if (max === undefined) return null;
  return { max, action: rule.action === 'flag' ? 'flag' : 'refuse' };
}

function limits<S extends string>(value: unknown, scopes: readonly S[]): Partial<Record<S, number>> {
  const source = obj(value);
  const out: Partial<Record<S, number>> = {};
  for (const scope of scopes) {
    const n = limit(source[scope]);
    if (n !== undefined) out[scope] = n;
  }
  return out;
}

/** The risk rules of a config (a config the server validated; defensive on partial ones). */
export function riskRulesOf(config: Config): RiskRules {
  const risk = obj(config.risk);
  return {
    rewardsPerDay: limits(risk.rewardsPerDay, REWARD_SCOPES),
    velocity: limits(risk.velocity, VELOCITY_SCOPES),
    devicesPerUser: deviceRule(risk.devicesPerUser),
    usersPerDevice: deviceRule(risk.usersPerDevice),
  };
}

/** Whether the rules limit anything at all (a campaign without rules costs no extra write). */
export function hasRiskRules(rules: RiskRules): boolean {
  return (
    Object.keys(rules.rewardsPerDay).length > 0 ||
    Object.keys(rules.velocity).length > 0 ||
    rules.devicesPerUser !== null ||
    rules.usersPerDevice !== null
  );
}

/** Who acts, as far as the server knows: each key is absent when unknown. */
export interface Actor {
  participantId: string;
  deviceId?: string | null;
  userId?: string | null;
  /** The address's keys (an IPv4 /32 and /24; an IPv6 address counts by its /64 for both). */
  ip?: string | null;
  subnet?: string | null;
}

/** One counter a limit takes from: its scope, key, window and limit. */
export interface Allowance<S extends string = string> {
  scope: S;
  key: string;
  window: string;
  limit: number;
}

/** The key of an actor a scope counts by, if known. */
function keyOf(actor: Actor, scope: RewardScope | VelocityScope): string | null {
  switch (scope) {
    case 'device':
      return actor.deviceId ?? null;
    case 'user':
      return actor.userId ?? null;
    case 'ip':
    case 'address':
      return actor.ip ?? null;
    case 'subnet':
      return actor.subnet ?? null;
    case 'participant':
      return actor.participantId;
  }
}

/** The daily reward allowances a reward takes from, in the campaign's local day. */
export function rewardAllowances(
  rules: RiskRules,
  actor: Actor,
  atMs: number,
  timezone: string,
): Allowance<RewardScope>[] {
  const day = playDay(atMs, timezone);
  return REWARD_SCOPES.flatMap((scope) => {
    const max = rules.rewardsPerDay[scope];
    const key = keyOf(actor, scope);
    return max === undefined || key === null ? [] : [{ scope, key, window: day, limit: max }];
  });
}

/** The minute (since 1970, UTC) an instant falls in: velocity windows are whole minutes. */
export function minuteWindow(atMs: number): string {
  return `m${Math.floor(atMs / 60_000)}`;
}

/** The per-minute allowances an action takes from. */
export function velocityAllowances(rules: RiskRules, actor: Actor, atMs: number): Allowance<VelocityScope>[] {
  const window = minuteWindow(atMs);
  return VELOCITY_SCOPES.flatMap((scope) => {
    const max = rules.velocity[scope];
    const key = keyOf(actor, scope);
    return max === undefined || key === null ? [] : [{ scope, key, window, limit: max }];
  });
}

/** What a session's devices decide: let in, let in and flag, or refuse (and by which rule). */
export type DeviceVerdict =
  { verdict: 'pass' } | { verdict: 'flag' | 'refuse'; rule: 'devicesPerUser' | 'usersPerDevice' };

/**
 * Decides a session from the devices a user id has opened sessions from and the user ids a device
 * has (each counted with this session's pair): within both rules it passes; past one it is
 * refused or flagged as that rule says (a refusal wins over a flag).
 */
export function decideDevices(rules: RiskRules, devicesOfUser: number, usersOfDevice: number): DeviceVerdict {
  const past: { rule: 'devicesPerUser' | 'usersPerDevice'; action: DeviceAction }[] = [];
  if (rules.devicesPerUser && devicesOfUser > rules.devicesPerUser.max)
    past.push({ rule: 'devicesPerUser', action: rules.devicesPerUser.action });
  if (rules.usersPerDevice && usersOfDevice > rules.usersPerDevice.max)
    past.push({ rule: 'usersPerDevice', action: rules.usersPerDevice.action });
  const refused = past.find((p) => p.action === 'refuse');
  if (refused) return { verdict: 'refuse', rule: refused.rule };
  if (past.length > 0) return { verdict: 'flag', rule: past[0].rule };
  return { verdict: 'pass' };
}
