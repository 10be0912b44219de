// The raising as the page shows it: the rules it draws (`campaign.game.raise`) and the
// participant's pet with the friend's whose link they came by (`me.progress.raise`), each pet's
// state brought forward to now by the engine.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { advance, nextFailure, type RaiseRules, type RaiseState } from '../../../engine/play/raise';
import { playDay } from '../../../engine/play/playDay';
import { safeUrl } from '../../../engine/page/pageText';
import type { PlayCampaign } from '../playCampaign';
import type { ParticipantRow } from '../playTables';
import { invitesSince, loadPet, raiseRules } from './raiseService';
import './raiseTables';

/** What the page draws of the rules (`campaign.game.raise`). */
export function raiseGameView(campaign: PlayCampaign) {
  const rules = raiseRules(campaign);
  return {
    species: rules.species,
    stages: rules.stagesBp.map((bp) => bp / 100),
    events: rules.events,
    foodFull: rules.foodFullCg / 100,
    helpProbability: rules.helpBp / 100,
    revivalInvites: rules.revivalInvites,
    rewardPrizeId: rules.rewardPrizeId,
    /** The configured picture of each stage (0 = just started); null where the page draws its own. */
    stageImages: (Array.isArray(campaign.config.stageImages) ? campaign.config.stageImages : []).map(
      (image: unknown) => safeUrl(image) ?? null,
    ),
  };
}

function petView(rules: RaiseRules, state: RaiseState, nowMs: number) {
  const current = advance(rules, state, nowMs);
  const failure = current.status === 'growing' ? nextFailure(rules, current) : null;
  // Food eaten since the last update, on the engine's own grid (advance only moves the status).
  const eatenCg =
    current.status === 'growing' && rules.foodPerHourCg > 0
      ? Math.floor(((nowMs - current.startedAt) * rules.foodPerHourCg) / 3_600_000) -
        Math.floor(((current.at - current.startedAt) * rules.foodPerHourCg) / 3_600_000)
      : 0;
  return {
    progress: current.progressBp / 100,
    stage: current.stage,
    status: current.status,
    failure: current.failure,
    food: Math.max(0, current.foodCg - eatenCg) / 100,
    failsAt: failure ? new Date(failure.at).toISOString() : null,
    failsBy: failure?.failure ?? null,
    failedAt: current.failedAt !== null ? new Date(current.failedAt).toISOString() : null,
    revivals: current.revivals,
  };
}

/** The participant's pet, and the pet of the friend whose link they came by (`me.progress.raise`). */
export async function raiseProgress(
  db: Kysely<Database>,
  campaign: PlayCampaign,
  participant: ParticipantRow | undefined,
  now: Date,
) {
  const rules = raiseRules(campaign);
  const nowMs = now.getTime();
  if (!participant) return { raise: { pet: null, friend: null } };
  const pet = await loadPet(db, campaign, participant.id, nowMs);
  const view = petView(rules, pet.state, nowMs);
  const invites =
    view.status === 'failed' && pet.state.failedAt !== null
      ? await invitesSince(
          db,
          campaign.row.id,
          participant.id,
          advance(rules, pet.state, nowMs).failedAt ?? nowMs,
        )
      : 0;
  const entry = await db
    .selectFrom('play_entries')
    .select('inviter_id')
    .where('campaign_id', '=', campaign.row.id)
    .where('participant_id', '=', participant.id)
    .executeTakeFirst();
  let friend = null;
  if (entry?.inviter_id) {
    const owner = await db
      .selectFrom('participants')
      .select(['id', 'code'])
      .where('id', '=', entry.inviter_id)
      .executeTakeFirst();
    const theirs = owner
      ? await db
          .selectFrom('play_pets')
          .select('state')
          .where('campaign_id', '=', campaign.row.id)
          .where('participant_id', '=', owner.id)
          .executeTakeFirst()
      : undefined;
    if (owner && theirs) {
      const helpedToday = await db
        .selectFrom('play_pet_helps')
        .select('succeeded')
        .where('campaign_id', '=', campaign.row.id)
        .where('owner_id', '=', owner.id)
        .where('helper_id', '=', participant.id)
        .where('day', '=', playDay(nowMs, campaign.timezone))
        .executeTakeFirst();
      friend = {
        code: owner.code,
        ...petView(rules, JSON.parse(theirs.state) as RaiseState, nowMs),
        helpedToday: helpedToday !== undefined,
      };
    }
  }
  return {
    raise: {
      pet: {
        ...view,
        adopted: pet.stored,
        events: pet.events,
        rewarded: pet.rewardId !== null && !pet.rewardId.startsWith('none:'),
      },
      invitesSinceFailure: invites,
      friend,
    },
  };
}
