import type { AppContext } from '../../appContext';
import { AppError } from '../../errors';
import { acceptSignedText, findOrCreateParticipant, openParticipantSession } from '../../play/participants';
import { resolveAppToken } from '../../play/tokenCallback';
import { offerwallSettings } from './offerwallSettings';

/** The text a customer's server signs to open the offerwall for one of its users. */
export function offerwallHandoffText(projectId: string, userId: string, exp: number): string {
  return `offerwall.${projectId}.${userId}.${exp}`;
}

export interface OfferwallSessionInput {
  projectId: string;
  userId?: string;
  exp?: number;
  sig?: string;
  appToken?: string;
}

/** The play rules' refusal of a hand-off or app token, said in the offerwall's words. */
async function signedIn<T>(attempt: () => Promise<T>): Promise<T> {
  try {
    return await attempt();
  } catch (error) {
    if (error instanceof AppError && error.key === 'play.unauthorized')
      throw new AppError('ads.signInInvalid');
    throw error;
  }
}

/**
 * Opens a participant session for the offerwall of an open project: a signed hand-off (the play
 * hand-off's rules: at most 24 h ahead, each signature once) or an app token through the project's
 * token callback. Anonymous visitors get none (401): money needs a user the customer knows.
 */
export async function openOfferwallSession(
  ctx: Pick<AppContext, 'db' | 'now' | 'resolveHost'>,
  input: OfferwallSessionInput,
  facts: { os: string | null },
): Promise<{ token: string; participant: { code: string; userId: string } }> {
  const { db } = ctx;
  const now = ctx.now();
  const { projectId } = input;
  if (!(await offerwallSettings(db, projectId)).open) throw new AppError('ads.offerwallClosed');
  let identity: { userId: string; via: 'handoff' | 'token'; userType?: string | null };
  if (input.sig !== undefined || input.exp !== undefined) {
    const { userId, exp, sig } = input;
    if (userId === undefined || exp === undefined || sig === undefined)
      throw new AppError('ads.signInInvalid');
    await signedIn(() =>
      acceptSignedText(db, { projectId, text: offerwallHandoffText(projectId, userId, exp), exp, sig }, now),
    );
    identity = { userId, via: 'handoff' };
  } else if (input.appToken !== undefined) {
    const appToken = input.appToken;
    const resolved = await signedIn(() => resolveAppToken(ctx, projectId, null, appToken));
    identity = { userId: resolved.userId, userType: resolved.userType, via: 'token' };
  } else {
    // A bare userId is a claim nobody signed; nothing at all is an anonymous visitor.
    throw new AppError('ads.signInInvalid');
  }
  const { participant } = await findOrCreateParticipant(db, { projectId, ...identity, ...facts }, now);
  const token = await openParticipantSession(db, participant, now);
  return { token, participant: { code: participant.code, userId: identity.userId } };
}
