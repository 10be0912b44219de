// Opening a participant session (`POST /api/play/v1/sessions`): who the visitor is (a signed
// hand-off, an app token resolved by the project's token callback, or an anonymous device), their
// participant and entry in the campaign with the visit's channel and inviter, the chances an
// invite earns, and the modules' visit hooks (a referral records the invitee, a raising's pet is
// adopted, a signed-in visit is a task center's `sign_in` event).
import { actorOf, guardSession } from './risk/playRisk';
import { flagEntry } from './risk/riskGate';
import type { AppContext } from '../appContext';
import { AppError } from '../errors';
import type { SchemaEngine } from '../../engine/createSchemaEngine';
import type { Visit } from './mechanicModule';
import { MECHANIC_MODULES, MODULES } from './mechanicModules';
import {
  acceptHandoff,
  findOrCreateParticipant,
  openParticipantSession,
  type ParticipantFacts,
} from './participants';
import type { PlayCampaign } from './playCampaign';
import { ensureEntry, grantInvite } from './playActions';
import type { ParticipantRow } from './playTables';
import { resolveAppToken } from './tokenCallback';

/** What a page sends to open a session. */
export interface SessionRequest {
  userId?: string;
  exp?: number;
  sig?: string;
  appToken?: string;
  deviceId?: string;
  /** The channel key of the visit (`?ch=`). */
  ch?: string;
  /** The inviter's participant code (`?inviter=`). */
  inviter?: string;
}

/** Who a session is for, and how that was established. */
export interface VisitorIdentity {
  userId?: string;
  deviceId?: string;
  via: 'handoff' | 'token' | 'device';
  userType?: string | null;
}

type SessionContext = Pick<AppContext, 'db' | 'now' | 'resolveHost' | 'dbKind'>;

/**
 * The visitor's identity, first that applies: a signed hand-off (each signature once), an app
 * token, or a device id alone. A bare user id is a claim nobody signed: 401 `play.unauthorized`.
 */
export async function visitorIdentity(
  ctx: SessionContext,
  campaign: PlayCampaign,
  body: SessionRequest,
  now: Date,
): Promise<VisitorIdentity> {
  const projectId = campaign.row.project_id;
  if (body.sig !== undefined || body.exp !== undefined) {
    if (body.sig === undefined || body.exp === undefined || body.userId === undefined)
      throw new AppError('play.unauthorized');
    await acceptHandoff(
      ctx.db,
      { projectId, campaignId: campaign.row.id, userId: body.userId, exp: body.exp, sig: body.sig },
      now,
    );
    return { userId: body.userId, via: 'handoff' };
  }
  if (body.appToken !== undefined) {
    const resolved = await resolveAppToken(ctx, projectId, campaign.row.id, body.appToken);
    return { userId: resolved.userId, userType: resolved.userType, via: 'token' };
  }
  if (body.deviceId !== undefined && body.userId === undefined)
    return { deviceId: body.deviceId, via: 'device' };
  throw new AppError('play.unauthorized');
}

/**
 * Opens a session: the participant (made on first sight) and their entry in the campaign, the
 * inviter's chances for a new invitee, the modules' visit hooks. Answers the session token and
 * the reward deliveries the hooks wrote (the caller wakes the sender).
 */
export async function openPlaySession(
  ctx: SessionContext,
  schemas: SchemaEngine,
  campaign: PlayCampaign,
  body: SessionRequest,
  facts: ParticipantFacts,
  now: Date,
  /** The caller's address (the blocklist and the risk rules count by it). */
  ip = '',
): Promise<{ token: string; participant: ParticipantRow; deliveries: number }> {
  const { db } = ctx;
  const projectId = campaign.row.project_id;
  const identity = await visitorIdentity(ctx, campaign, body, now);
  // The blocklist and the campaign's device rules, before anyone is made or let in.
  const deviceId = body.deviceId ?? null;
  const flag = await guardSession(db, campaign, actorOf({ userId: identity.userId, deviceId }, ip), now);
  const { participant, created } = await findOrCreateParticipant(
    db,
    { projectId, ...identity, ...facts },
    now,
  );
  const inviter = body.inviter
    ? await db
        .selectFrom('participants')
        .selectAll()
        .where('project_id', '=', projectId)
        .where('code', '=', body.inviter.toUpperCase())
        .executeTakeFirst()
    : undefined;
  await ensureEntry(db, campaign, participant, now, {
    channel: body.ch ?? null,
    inviterId: inviter?.id ?? null,
  });
  if (flag) await flagEntry(db, campaign, participant, flag);
  if (inviter && created) await grantInvite(db, campaign, inviter, participant, now);
  const visit: Visit = {
    campaign,
    participant,
    inviter,
    identified: identity.via !== 'device',
    now,
    schemas,
    dbKind: ctx.dbKind,
    modules: MODULES,
  };
  let deliveries = 0;
  for (const module of MECHANIC_MODULES)
    if (module.hooks?.visit) deliveries += await module.hooks.visit(db, visit);
  const token = await openParticipantSession(db, participant, now, deviceId);
  return { token, participant, deliveries };
}
