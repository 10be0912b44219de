import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../appContext';
import { AppError } from '../../errors';
import { participantOfToken, participantToken } from '../../play/participants';
import type { ParticipantRow } from '../../play/playTables';
import { offerwallSettings, type OfferwallSettings } from './offerwallSettings';

/** Who calls the offerwall and the settings of their project. */
export interface OfferwallCaller {
  participant: ParticipantRow;
  settings: OfferwallSettings;
  now: Date;
}

/**
 * The identified participant a request's `Authorization: Participant <token>` names, in a project
 * whose offerwall is open. No token, an unknown or expired one, an anonymous participant (money
 * needs a user id the customer knows) or a `projectId` of another project answer 401
 * `ads.signInInvalid`; a closed offerwall 404 `ads.offerwallClosed`.
 */
export async function offerwallCaller(
  ctx: Pick<AppContext, 'db' | 'now'>,
  request: FastifyRequest,
  projectId?: string,
): Promise<OfferwallCaller> {
  const now = ctx.now();
  const token = participantToken(request);
  const participant = token === undefined ? undefined : await participantOfToken(ctx.db, token, now);
  if (!participant || participant.user_id === null) throw new AppError('ads.signInInvalid');
  if (projectId !== undefined && participant.project_id !== projectId)
    throw new AppError('ads.signInInvalid');
  const settings = await offerwallSettings(ctx.db, participant.project_id);
  if (!settings.open) throw new AppError('ads.offerwallClosed');
  return { participant, settings, now };
}
