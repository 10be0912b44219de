// Invites as the server learns of them: a page opened with ?inviter= by an identified player, an
// app install attributed to a click on an inviter's link, and the SDK events that follow (app
// events, `register`, the configured task event). Each fact moves the invite's steps; once every
// configured rule has happened the invite is queued for its decision (inviteDecide.ts), a job in
// the same transaction, so a restart loses nothing. Nothing here trusts the page's word: the steps
// come from attributions and SDK events the server received.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/tables';
import { randomId } from '../../db/randomId';
import { stepsDone, type InviteRule, type InviteSteps } from '../../../engine/play/invite';
import { scheduleJob } from '../../scheduler/scheduledJobs';
import type { SchemaEngine } from '../../../engine/createSchemaEngine';
import { playOf } from '../../../engine/play/mechanics';
import { list, type Config } from '../playCampaign';
import type { ParticipantRow } from '../playTables';
import type { IngestEvent } from '../../sdk/validateSdkEvent';
import { accountKnownBefore, deviceSeenBefore, openedBefore } from './inviteHistory';
import { progressSourceOf, type ProgressSource } from '../../../engine/play/progressSource';
import { countRefusals, ignoredEvent, type RefusalCount } from '../risk/riskRefusals';
import type { InviteRow } from './inviteTables';
import './inviteTables';

type Db = Kysely<Database> | Transaction<Database>;

/** The job that decides a complete invite. */
export const DECIDE_JOB = 'invite.decide';

/** The referral rules a config names (schemas/gameplays/referral). */
export interface InviteConfig {
  rules: InviteRule[];
  taskEvent: string | null;
  newUser: 'new-device' | 'new-account' | 'first-open';
  newUserPrizeId: string | null;
  perInvitePrizeId: string | null;
  ladder: { invites: number; prizeId: string }[];
  /** Inviter rewards in all; 0 = unlimited. */
  totalInviterRewards: number;
  /** The project deep link (links.id) invite links go through, if any. */
  linkId: string | null;
  /**
   * Whether app events reported with the SDK's access key (and its attribution calls) may move
   * invites, or only the customer's server: then the install, registration and task steps count
   * on server events alone, and an attributed install waits for the server to confirm the device.
   */
  progressSource: ProgressSource;
}

/** A referral gameplay: the campaigns invites are tracked for (an invite contest ranks its parent's). */
export function isReferral(schemas: SchemaEngine, row: { kind: string; mark: string }): boolean {
  if (row.kind !== 'gameplay') return false;
  const entry = schemas.get(row.kind, row.mark);
  return entry !== undefined && playOf(entry)?.mechanic === 'invite';
}

const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

export function inviteConfigOf(config: Config): InviteConfig {
  const rules = (Array.isArray(config.inviteRules) ? config.inviteRules : []).filter(
    (r): r is InviteRule => r === 'download' || r === 'register' || r === 'complete-task',
  );
  const newUser = config.newUserDefinition;
  return {
    rules,
    taskEvent: text(config.taskEvent),
    newUser: newUser === 'new-account' || newUser === 'first-open' ? newUser : 'new-device',
    newUserPrizeId: text(config.newUserPrizeId),
    perInvitePrizeId: text(config.perInvitePrizeId),
    ladder: list(config.ladder)
      .map((s) => ({ invites: Number(s.invites), prizeId: String(s.prizeId ?? '') }))
      .filter((s) => Number.isInteger(s.invites) && s.invites > 0 && s.prizeId),
    totalInviterRewards: Number.isInteger(config.totalInviteRewardStock)
      ? (config.totalInviteRewardStock as number)
      : 0,
    linkId: text(config.inviteLinkId),
    progressSource: progressSourceOf(config.progressSource),
  };
}

export function stepsOf(invite: InviteRow): InviteSteps {
  return {
    invitedAt: invite.invited_at,
    installedAt: invite.installed_at,
    registeredAt: invite.registered_at,
    taskAt: invite.task_at,
  };
}

/** Saves an invite's changed columns; once its steps are done it is queued for its decision. */
async function saveSteps(
  trx: Db,
  invite: InviteRow,
  changes: Partial<InviteRow>,
  config: InviteConfig,
  now: Date,
): Promise<InviteRow> {
  const next = { ...invite, ...changes };
  if (next.status === 'pending' && stepsDone(config.rules, stepsOf(next))) {
    next.status = 'complete';
    changes.status = 'complete';
    await scheduleJob(trx as Kysely<Database>, {
      projectId: invite.project_id,
      kind: DECIDE_JOB,
      subjectId: invite.id,
      runAt: now,
      now,
    });
  }
  if (Object.keys(changes).length > 0)
    await trx
      .updateTable('play_invites')
      .set(changes)
      .where('id', '=', invite.id)
      .where('status', '=', 'pending')
      .execute();
  return next;
}

async function insertInvite(trx: Db, row: InviteRow): Promise<InviteRow | undefined> {
  const inserted = await trx
    .insertInto('play_invites')
    .values(row)
    .onConflict((oc) => oc.columns(['campaign_id', 'invitee_key']).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1 ? row : undefined;
}

function newInvite(
  base: Pick<
    InviteRow,
    'project_id' | 'campaign_id' | 'inviter_id' | 'invitee_key' | 'source' | 'invited_at'
  > &
    Partial<InviteRow>,
): InviteRow {
  return {
    id: randomId(),
    invitee_participant_id: null,
    invitee_user_id: null,
    invitee_device_id: null,
    click_id: null,
    installed_at: null,
    registered_at: null,
    task_at: null,
    device_seen_before: null,
    opened_before: null,
    account_before: null,
    status: 'pending',
    refusal: null,
    decided_at: null,
    rewards: 0,
    over_budget: 0,
    ...base,
  };
}

/**
 * The page opened with `?inviter=<code>` by a participant: recorded once per invitee and campaign
 * (the first inviter counts). An identified invitee is known by their user id, so the app's events
 * for that user move the invite on; an anonymous visitor is recorded for the funnel only (the app
 * install cannot be tied to a browser: that is what the invite deep link is for).
 */
export async function recordPageInvite(
  db: Kysely<Database>,
  campaignRow: { id: string; project_id: string; config: string; end_time: string },
  inviter: ParticipantRow,
  invitee: ParticipantRow,
  now: Date,
): Promise<InviteRow | undefined> {
  if (Date.parse(campaignRow.end_time) <= now.getTime()) return undefined;
  const at = now.toISOString();
  const self = inviter.id === invitee.id;
  const config = inviteConfigOf(JSON.parse(campaignRow.config) as Config);
  return db.transaction().execute(async (trx) => {
    const invite = await insertInvite(
      trx,
      newInvite({
        project_id: campaignRow.project_id,
        campaign_id: campaignRow.id,
        inviter_id: inviter.id,
        invitee_key: invitee.user_id !== null ? `u:${invitee.user_id}` : `p:${invitee.id}`,
        invitee_participant_id: invitee.id,
        invitee_user_id: invitee.user_id,
        source: 'page',
        invited_at: at,
        // An account the project knew before the invite (it played, or the SDK reported it) is
        // not a new one; otherwise its register event decides.
        account_before:
          invitee.user_id !== null &&
          (await accountKnownBefore(trx, campaignRow.project_id, invitee.user_id, at))
            ? 1
            : null,
        // Opening one's own link is a self-invite: kept, refused, for the report.
        ...(self ? { status: 'refused', refusal: 'self', decided_at: at } : {}),
      }),
    );
    if (!invite) return undefined;
    return saveSteps(trx, invite, {}, config, now);
  });
}

/**
 * An app install (or open) attributed to a click on an invite link: the click's parameters name
 * the inviter (`inviter`, their participant code) and the campaign (`campaign`). Recorded once per
 * device and campaign; the attribution itself is the download step. A link to a campaign that is
 * not a referral of the project, or an unknown code, records nothing.
 */
export async function recordLinkInvite(
  db: Kysely<Database>,
  projectId: string,
  report: {
    type: 'install' | 'open' | 'register';
    deviceId: string;
    platform: string;
    clickId: string | null;
    params: Record<string, string>;
  },
  schemas: SchemaEngine,
  now: Date,
): Promise<InviteRow | undefined> {
  const code = report.params.inviter;
  const campaignId = report.params.campaign;
  if (!code || !campaignId || report.type === 'register') return undefined;
  const campaign = await db
    .selectFrom('campaigns')
    .select(['id', 'project_id', 'config', 'kind', 'mark', 'end_time', 'phase'])
    .where('id', '=', campaignId)
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  if (!campaign || campaign.phase === 'draft' || !isReferral(schemas, campaign)) return undefined;
  if (Date.parse(campaign.end_time) <= now.getTime()) return undefined;
  const inviter = await db
    .selectFrom('participants')
    .select(['id'])
    .where('project_id', '=', projectId)
    .where('code', '=', code.toUpperCase())
    .executeTakeFirst();
  if (!inviter) return undefined;
  const at = now.toISOString();
  const config = inviteConfigOf(JSON.parse(campaign.config) as Config);
  return db.transaction().execute(async (trx) => {
    const invite = await insertInvite(
      trx,
      newInvite({
        project_id: projectId,
        campaign_id: campaign.id,
        inviter_id: inviter.id,
        invitee_key: `d:${report.deviceId}`,
        invitee_device_id: report.deviceId,
        source: 'link',
        click_id: report.clickId,
        invited_at: at,
        // The attribution call comes with the SDK's key: where the server's word is required, the
        // install waits for a server event from the device.
        installed_at: report.platform === 'web' || config.progressSource === 'server' ? null : at,
        device_seen_before: (await deviceSeenBefore(trx, projectId, report.deviceId, at)) ? 1 : 0,
        opened_before: (await openedBefore(trx, projectId, report.deviceId, at)) ? 1 : 0,
      }),
    );
    if (!invite) return undefined;
    return saveSteps(trx, invite, {}, config, now);
  });
}

const CHUNK = 250;

/** The pending invites of these events' devices and users, a chunk of ids per query. */
async function pendingInvitesOf(
  trx: Transaction<Database>,
  projectId: string,
  events: readonly IngestEvent[],
): Promise<Map<string, InviteRow>> {
  const devices = [...new Set(events.map((e) => e.deviceId))];
  const users = [...new Set(events.flatMap((e) => (e.userId ? [e.userId] : [])))];
  const found = new Map<string, InviteRow>();
  for (let i = 0; i < Math.max(devices.length, users.length); i += CHUNK) {
    const d = devices.slice(i, i + CHUNK);
    const u = users.slice(i, i + CHUNK);
    const rows = await trx
      .selectFrom('play_invites')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('status', '=', 'pending')
      .where((eb) =>
        eb.or([
          ...(d.length ? [eb('invitee_device_id', 'in', d)] : []),
          ...(u.length ? [eb('invitee_user_id', 'in', u)] : []),
        ]),
      )
      .orderBy('id')
      .execute();
    for (const row of rows) found.set(row.id, row);
  }
  return found;
}

/** The invite configs of the invites' campaigns (with their time zones), by campaign id. */
async function inviteConfigsOf(
  trx: Transaction<Database>,
  invites: Iterable<InviteRow>,
): Promise<Map<string, InviteConfig & { timezone?: string }>> {
  const configs = new Map<string, InviteConfig & { timezone?: string }>();
  const campaignIds = [...new Set([...invites].map((i) => i.campaign_id))];
  for (const row of await trx
    .selectFrom('campaigns')
    .select(['id', 'config', 'timezone'])
    .where('id', 'in', campaignIds)
    .execute())
    configs.set(row.id, {
      ...inviteConfigOf(JSON.parse(row.config) as Config),
      timezone: row.timezone ?? undefined,
    });
  return configs;
}

/**
 * What a batch of events (oldest first) changes on one pending invite: the invitee's device and
 * install from an app event, the registration (or a second account on the device: refused, and
 * nothing after it counts), the task event after the invite. Reads what the device and account
 * did before the invite when it first learns them.
 */
async function inviteChanges(
  trx: Transaction<Database>,
  original: InviteRow,
  ordered: readonly IngestEvent[],
  config: InviteConfig,
  now: Date,
): Promise<Partial<InviteRow>> {
  const projectId = original.project_id;
  let invite = original;
  const changes: Partial<InviteRow> = {};
  const set = <K extends keyof InviteRow>(key: K, value: InviteRow[K]) => {
    changes[key] = value;
    invite = { ...invite, [key]: value };
  };
  for (const event of ordered) {
    const mine =
      (invite.invitee_device_id !== null && event.deviceId === invite.invitee_device_id) ||
      (invite.invitee_user_id !== null && event.userId === invite.invitee_user_id);
    if (!mine) continue;
    const app = event.platform === 'ios' || event.platform === 'android';
    if (app && invite.invitee_device_id === null) {
      set('invitee_device_id', event.deviceId);
      set(
        'device_seen_before',
        (await deviceSeenBefore(trx, projectId, event.deviceId, invite.invited_at)) ? 1 : 0,
      );
      set('opened_before', event.time < invite.invited_at ? 1 : 0);
    }
    if (app && invite.installed_at === null) set('installed_at', event.time);
    if (event.name === 'register' && event.userId) {
      if (invite.invitee_user_id === null) {
        set('invitee_user_id', event.userId);
        set(
          'account_before',
          event.time < invite.invited_at ||
            (await accountKnownBefore(trx, projectId, event.userId, invite.invited_at, event.deviceId))
            ? 1
            : 0,
        );
      } else if (event.userId !== invite.invitee_user_id && event.deviceId === invite.invitee_device_id) {
        // One device registering a second account: refused, whatever comes next.
        set('status', 'refused');
        set('refusal', 'device');
        set('decided_at', now.toISOString());
        break;
      }
      if (invite.registered_at === null && event.userId === invite.invitee_user_id) {
        set('registered_at', event.time);
        if (event.time < invite.invited_at) set('account_before', 1);
        else if (invite.account_before === null) set('account_before', 0);
      }
    }
    if (
      config.taskEvent !== null &&
      event.name === config.taskEvent &&
      invite.task_at === null &&
      event.time >= invite.invited_at
    )
      set('task_at', event.time);
  }
  return changes;
}

/** The app (SDK) events about an invite's invitee, as ignored events of its campaign. */
function ignoredAbout(
  invite: InviteRow,
  events: readonly IngestEvent[],
  config: InviteConfig & { timezone?: string },
  now: Date,
): RefusalCount[] {
  const count = events.filter(
    (e) =>
      e.via === 'sdk' &&
      ((invite.invitee_device_id !== null && e.deviceId === invite.invitee_device_id) ||
        (invite.invitee_user_id !== null && e.userId === invite.invitee_user_id)),
  ).length;
  if (count === 0) return [];
  return [
    {
      ...ignoredEvent(
        { id: invite.campaign_id, project_id: invite.project_id, timezone: config.timezone },
        now.getTime(),
      ),
      count,
    },
  ];
}

/**
 * SDK events, inside the ingest transaction that stored them: the pending invites of their devices
 * and users move on. Any app event (iOS, Android) shows the app installed and names the invitee's
 * device; `register` with a user id is the registration (an account registered before the invite
 * is not a new one; a second account on the same device is refused); the configured task event
 * after the invite is the task.
 */
export async function advanceInvitesByEvents(
  trx: Transaction<Database>,
  projectId: string,
  events: readonly IngestEvent[],
  now: Date,
): Promise<number> {
  const found = await pendingInvitesOf(trx, projectId, events);
  if (found.size === 0) return 0;
  const configs = await inviteConfigsOf(trx, found.values());
  const ordered = [...events].sort((a, b) => (a.time < b.time ? -1 : a.time > b.time ? 1 : 0));
  const trusted = ordered.filter((e) => e.via === 'server');
  const ignored: RefusalCount[] = [];
  let moved = 0;
  for (const original of found.values()) {
    const config = configs.get(original.campaign_id);
    if (!config) continue;
    const serverOnly = config.progressSource === 'server';
    // App events about this invitee that the campaign takes from the server only: counted, ignored.
    if (serverOnly) ignored.push(...ignoredAbout(original, ordered, config, now));
    const changes = await inviteChanges(trx, original, serverOnly ? trusted : ordered, config, now);
    if (Object.keys(changes).length === 0) continue;
    moved += 1;
    if (changes.status === 'refused') {
      await trx.updateTable('play_invites').set(changes).where('id', '=', original.id).execute();
    } else {
      await saveSteps(trx, original, changes, config, now);
    }
  }
  await countRefusals(trx, ignored);
  return moved;
}

/** Who invited a participant in a campaign (the first invite of them), for loop checks. */
export async function inviterOfParticipant(db: Db, campaignId: string, participantId: string) {
  const row = await db
    .selectFrom('play_invites')
    .select('inviter_id')
    .where('campaign_id', '=', campaignId)
    .where('invitee_participant_id', '=', participantId)
    .orderBy('invited_at')
    .executeTakeFirst();
  return row?.inviter_id;
}
