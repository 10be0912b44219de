import { loadWall, OfferwallApiError, openOfferwallSession, type OfferwallApiOptions } from './offerwallApi';
import type { OfferwallLaunch } from './readOfferwallLaunch';
import type { OfferwallSession, Wall } from './offerwallTypes';
import { storedSession, storeSession } from './sessionStore';

/** Why nobody is signed in (keys of offerwall.json `app`), with the server's words when it refused. */
export interface SignInProblem {
  key: 'signInMissing' | 'signInFailed' | 'signInExpired';
  message?: string;
}

export type OfferwallStart =
  { kind: 'ready'; session: OfferwallSession; wall: Wall } | { kind: 'signIn'; problem: SignInProblem };

/**
 * Who uses the offerwall: a signed hand-off, else an app token, else this tab's session. There are
 * no guests (money needs a user the app knows): without one the page says how to sign in. A closed
 * offerwall or a failed load throws, and the page offers to retry.
 */
export async function startOfferwall(
  projectId: string,
  launch: OfferwallLaunch,
  api: OfferwallApiOptions,
): Promise<OfferwallStart> {
  let problem: SignInProblem | undefined;
  let session: OfferwallSession | null = null;
  if (launch.handoff || launch.appToken) {
    try {
      session = await openOfferwallSession(
        launch.handoff
          ? { projectId, ...launch.handoff }
          : { projectId, appToken: launch.appToken as string },
        api,
      );
      storeSession(projectId, session);
    } catch (error) {
      // Refused sign-ins are said; a closed offerwall or a network failure is the page's error.
      if (!(error instanceof OfferwallApiError) || error.status !== 401) throw error;
      problem = { key: 'signInFailed', message: error.message };
    }
  }
  session ??= storedSession(projectId);
  if (!session) return { kind: 'signIn', problem: problem ?? { key: 'signInMissing' } };
  try {
    return {
      kind: 'ready',
      session,
      wall: await loadWall(projectId, launch.lang, { ...api, token: session.token }),
    };
  } catch (error) {
    if (!(error instanceof OfferwallApiError) || error.status !== 401) throw error;
    storeSession(projectId, null);
    return { kind: 'signIn', problem: problem ?? { key: 'signInExpired' } };
  }
}
