// Where the risk rules are enforced in play. A session passes the project's blocklist and the
// campaign's device rules; an action passes the blocklist and the per-minute limits before it runs,
// and a reward it gives takes from the daily reward allowances inside the action's transaction, so
// a refusal there rolls the whole action back (nothing is spent). Every refusal is counted per
// campaign, day and rule, and per offending key, after the refused work is undone.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/tables';
import { AppError, type ErrorKey } from '../../errors';
import {
  decideDevices,
  rewardAllowances,
  velocityAllowances,
  type Actor,
  type Allowance,
  type RiskRules,
} from '../../../engine/play/riskRules';
import type { PlayCampaign } from '../playCampaign';
import type { ParticipantRow } from '../playTables';
import { countRefusals, type RiskRule } from './riskRefusals';
import './riskTables';

type Db = Kysely<Database> | Transaction<Database>;

/** What the risk rules know of an action: the campaign's rules and who acts from where. */
export interface ActionRisk {
  rules: RiskRules;
  actor: Actor;
}

/** A refusal by a risk rule: the error the participant gets, with the rule and who it refused. */
export class RiskRefusal extends AppError {
  constructor(
    key: ErrorKey,
    readonly rule: RiskRule,
    readonly actor: Actor,
  ) {
    super(key);
  }
}

const VELOCITY_RULE = { participant: 'velocity.participant', address: 'velocity.address' } as const;
const REWARD_RULE = {
  device: 'limit.device',
  ip: 'limit.ip',
  subnet: 'limit.subnet',
  user: 'limit.user',
} as const;

/**
 * Takes one from an allowance unless it is used up: one conditional upsert (a new window starts
 * at 1). Answers whether it was taken. On PostgreSQL the row lock makes concurrent takers wait, so
 * a limit of n lets exactly n through.
 */
async function take(db: Db, campaignId: string, allowance: Allowance, scopePrefix: string): Promise<boolean> {
  const scope = `${scopePrefix}${allowance.scope}`;
  const row = await db
    .insertInto('risk_counters')
    .values({ campaign_id: campaignId, scope, key: allowance.key, window: allowance.window, count: 1 })
    .onConflict((oc) =>
      oc
        .columns(['campaign_id', 'scope', 'key'])
        .doUpdateSet({
          count: sql`case when risk_counters.window = ${allowance.window} then risk_counters.count + 1 else 1 end`,
          window: allowance.window,
        })
        .where((eb) =>
          eb.or([
            eb('risk_counters.window', '!=', allowance.window),
            eb('risk_counters.count', '<', allowance.limit),
          ]),
        ),
    )
    .returning('count')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The per-minute limits of an action, before it runs (each in its own short write, so attempts
 * count whatever becomes of them): past one, 429 `play.tooFast`.
 */
export async function takeVelocity(
  db: Kysely<Database>,
  campaign: PlayCampaign,
  risk: ActionRisk,
  atMs: number,
) {
  for (const allowance of velocityAllowances(risk.rules, risk.actor, atMs))
    if (!(await take(db, campaign.row.id, allowance, 'v:')))
      throw new RiskRefusal('play.tooFast', VELOCITY_RULE[allowance.scope], risk.actor);
}

/**
 * The daily reward allowances a reward takes from, inside the action's transaction: past one, 403
 * `play.rewardLimit`, and the whole action is undone.
 */
export async function takeRewardAllowances(
  trx: Transaction<Database>,
  campaign: PlayCampaign,
  risk: ActionRisk,
  atMs: number,
): Promise<void> {
  for (const allowance of rewardAllowances(risk.rules, risk.actor, atMs, campaign.timezone))
    if (!(await take(trx, campaign.row.id, allowance, 'r:')))
      throw new RiskRefusal('play.rewardLimit', REWARD_RULE[allowance.scope], risk.actor);
}

/** The offending keys of a refusal, as the report lists them. */
function offenders(actor: Actor): { kind: string; value: string }[] {
  const out: { kind: string; value: string }[] = [];
  if (actor.ip) out.push({ kind: 'ip', value: actor.ip });
  if (actor.subnet && actor.subnet !== actor.ip) out.push({ kind: 'subnet', value: actor.subnet });
  if (actor.deviceId) out.push({ kind: 'device', value: actor.deviceId });
  if (actor.userId) out.push({ kind: 'user', value: actor.userId });
  return out;
}

/** Records a refusal: the campaign's count of its rule today, and each offending key's count. */
export async function recordRefusal(
  db: Kysely<Database>,
  campaign: PlayCampaign,
  refusal: { rule: RiskRule; actor: Actor },
  atMs: number,
): Promise<void> {
  const at = new Date(atMs).toISOString();
  await db.transaction().execute(async (trx) => {
    await countRefusals(trx, [
      {
        campaignId: campaign.row.id,
        projectId: campaign.row.project_id,
        timezone: campaign.timezone,
        rule: refusal.rule,
        atMs,
        count: 1,
      },
    ]);
    for (const o of offenders(refusal.actor))
      await trx
        .insertInto('risk_offenders')
        .values({
          campaign_id: campaign.row.id,
          project_id: campaign.row.project_id,
          kind: o.kind,
          value: o.value,
          refused: 1,
          last_rule: refusal.rule,
          last_at: at,
        })
        .onConflict((oc) =>
          oc.columns(['campaign_id', 'kind', 'value']).doUpdateSet({
            refused: sql`risk_offenders.refused + 1`,
            last_rule: refusal.rule,
            last_at: at,
          }),
        )
        .execute();
  });
}

/**
 * Runs `work` and, when a risk rule refused it, records the refusal (after the refused work was
 * undone) before the error goes on to the participant.
 */
export async function recordingRefusals<T>(
  db: Kysely<Database>,
  campaign: PlayCampaign,
  atMs: number,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof RiskRefusal) await recordRefusal(db, campaign, error, atMs);
    throw error;
  }
}

/** Adds one to a running count (no window, no limit) and answers the count after it. */
async function countUp(trx: Transaction<Database>, campaignId: string, scope: string, key: string) {
  const row = await trx
    .insertInto('risk_counters')
    .values({ campaign_id: campaignId, scope, key, window: 'total', count: 1 })
    .onConflict((oc) =>
      oc.columns(['campaign_id', 'scope', 'key']).doUpdateSet({ count: sql`risk_counters.count + 1` }),
    )
    .returning('count')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * A session's device rules, in one transaction: a pair of user id and device seen before passes as
 * it did then; a new pair counts one more device for the user id and one more user id for the
 * device in this campaign, and the rules decide. A refusal (403 `play.tooManyDevices`,
 * `play.tooManyAccounts`) undoes the counts, so the devices let in before stay let in; a flag
 * answers the rule, and the caller marks the participant's entry (their rewards are then held
 * until an operator releases them). On PostgreSQL the counters' row locks make two new devices at
 * once count one after the other.
 */
export async function checkDevices(
  db: Kysely<Database>,
  campaign: PlayCampaign,
  risk: ActionRisk,
  now: Date,
): Promise<'devicesPerUser' | 'usersPerDevice' | null> {
  const { rules, actor } = risk;
  const { userId, deviceId } = actor;
  if ((!rules.devicesPerUser && !rules.usersPerDevice) || !userId || !deviceId) return null;
  const campaignId = campaign.row.id;
  return db.transaction().execute(async (trx) => {
    const added = await trx
      .insertInto('risk_devices')
      .values({ campaign_id: campaignId, user_id: userId, device_id: deviceId, first_at: now.toISOString() })
      .onConflict((oc) => oc.columns(['campaign_id', 'user_id', 'device_id']).doNothing())
      .returning('user_id')
      .executeTakeFirst();
    if (!added) return null;
    const devices = rules.devicesPerUser ? await countUp(trx, campaignId, 'du:', userId) : 0;
    const users = rules.usersPerDevice ? await countUp(trx, campaignId, 'ud:', deviceId) : 0;
    const decided = decideDevices(rules, devices, users);
    if (decided.verdict === 'refuse')
      throw new RiskRefusal(
        decided.rule === 'devicesPerUser' ? 'play.tooManyDevices' : 'play.tooManyAccounts',
        decided.rule,
        actor,
      );
    return decided.verdict === 'flag' ? decided.rule : null;
  });
}

/**
 * Flags a participant's entry in a campaign by a device rule (kept once set): they keep playing,
 * the report lists them, and their rewards that wait for delivery wait for an operator too.
 */
export async function flagEntry(
  db: Kysely<Database>,
  campaign: PlayCampaign,
  participant: { id: string },
  rule: string,
): Promise<void> {
  await db
    .updateTable('play_entries')
    .set({ risk_flag: rule })
    .where('campaign_id', '=', campaign.row.id)
    .where('participant_id', '=', participant.id)
    .where('risk_flag', 'is', null)
    .execute();
}

/**
 * Whether the winner's user id or device is on the project's blocklist: checked for rewards given
 * on a participant's behalf (a task completed by an event, an invite decided), which no session or
 * action guard saw. Their rewards are held for an operator instead of given.
 */
export async function onBlocklist(
  trx: Transaction<Database>,
  participant: Pick<ParticipantRow, 'project_id' | 'user_id' | 'device_id'>,
): Promise<boolean> {
  const ids = [
    ...(participant.user_id !== null ? [{ kind: 'user' as const, value: participant.user_id }] : []),
    ...(participant.device_id !== null ? [{ kind: 'device' as const, value: participant.device_id }] : []),
  ];
  if (ids.length === 0) return false;
  const row = await trx
    .selectFrom('risk_blocklist')
    .select('id')
    .where('project_id', '=', participant.project_id)
    .where((eb) => eb.or(ids.map((id) => eb.and([eb('kind', '=', id.kind), eb('value', '=', id.value)]))))
    .executeTakeFirst();
  return row !== undefined;
}
