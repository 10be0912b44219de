// The risk rules at the participant API's doors: who acts (the participant, their user id, the
// device their session was opened from, the caller's address and its range) against the project's
// blocklist and the campaign's rules, before a session opens and before an action runs.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { addressKeys } from '../../../engine/risk/parseAddressRange';
import { hasRiskRules, riskRulesOf, type Actor, type RiskRules } from '../../../engine/play/riskRules';
import { blocklistOf } from '../../risk/blocklistOf';
import { memoByConfig, type PlayCampaign } from '../playCampaign';
import type { ParticipantRow } from '../playTables';
import { RiskRefusal, checkDevices, recordingRefusals, takeVelocity, type ActionRisk } from './riskGate';

/** The campaign's risk rules (read once per parsed config). */
export const riskRules = memoByConfig((campaign: Pick<PlayCampaign, 'config'>): RiskRules =>
  riskRulesOf(campaign.config),
);

/** Who acts: the participant (when known), the user id, the device and the address's keys. */
export function actorOf(
  who: { participantId?: string; userId?: string | null; deviceId?: string | null },
  ip: string,
): Actor {
  const keys = addressKeys(ip);
  return {
    participantId: who.participantId ?? '',
    userId: who.userId ?? null,
    deviceId: who.deviceId ?? null,
    ip: keys?.ip ?? null,
    subnet: keys?.subnet ?? null,
  };
}

/** The project's blocklist: a listed user id, device or address range answers 403 `play.blocked`. */
async function checkBlocklist(db: Kysely<Database>, campaign: PlayCampaign, actor: Actor): Promise<void> {
  const list = await blocklistOf(db, campaign.row.project_id);
  if (list.size > 0 && list.blocks({ userId: actor.userId, deviceId: actor.deviceId, ip: actor.ip }))
    throw new RiskRefusal('play.blocked', 'blocklist', actor);
}

/**
 * Before a session opens: the blocklist, then the campaign's device rules. Answers the rule that
 * flags the participant, if one does; a refusal is recorded and thrown.
 */
export async function guardSession(
  db: Kysely<Database>,
  campaign: PlayCampaign,
  actor: Actor,
  now: Date,
): Promise<'devicesPerUser' | 'usersPerDevice' | null> {
  return recordingRefusals(db, campaign, now.getTime(), async () => {
    await checkBlocklist(db, campaign, actor);
    return checkDevices(db, campaign, { rules: riskRules(campaign), actor }, now);
  });
}

/**
 * Before an action runs: the blocklist and the per-minute limits. Answers what the action carries
 * into its transaction (the reward allowances are taken there; none when the campaign has no
 * rules); a refusal is recorded and thrown.
 */
export async function guardAction(
  db: Kysely<Database>,
  campaign: PlayCampaign,
  participant: ParticipantRow & { session_device_id?: string | null },
  ip: string,
  now: Date,
): Promise<ActionRisk> {
  const actor = actorOf(
    {
      participantId: participant.id,
      userId: participant.user_id,
      deviceId: participant.session_device_id ?? participant.device_id,
    },
    ip,
  );
  const rules = riskRules(campaign);
  return recordingRefusals(db, campaign, now.getTime(), async () => {
    await checkBlocklist(db, campaign, actor);
    if (hasRiskRules(rules)) await takeVelocity(db, campaign, { rules, actor }, now.getTime());
    return { rules, actor };
  });
}
