import { loadPage, openSession, PlayApiError, type ApiOptions } from '../api/playApi';
import type { PageData } from '../api/playTypes';
import type { Launch } from './readLaunch';
import { deviceId, storedSession, storeSession, type StoredSession } from './storage';

/** Something the page says once above everything else (keys of participant.json `app`). */
export interface Notice {
  key: 'sessionFailed' | 'sessionExpired' | 'loadFailed';
  message?: string;
}

export interface Started {
  data: PageData;
  session: StoredSession | null;
  notices: Notice[];
}

/**
 * Who plays, in this order (docs/integration-guide.md): a signed hand-off, else an app token, else
 * this tab's session, else an anonymous device. A refused sign-in is said and the visitor goes on
 * as a guest.
 */
async function chooseSession(
  campaignId: string,
  launch: Launch,
  api: ApiOptions,
  notices: Notice[],
): Promise<StoredSession | null> {
  const extra = {
    ...(launch.ch ? { ch: launch.ch } : {}),
    ...(launch.inviter ? { inviter: launch.inviter } : {}),
  };
  if (launch.handoff || launch.appToken) {
    try {
      const identity = launch.handoff
        ? { userId: launch.handoff.userId, exp: launch.handoff.exp, sig: launch.handoff.sig }
        : { appToken: launch.appToken };
      const opened = await openSession({ campaignId, ...identity, ...extra }, api);
      storeSession(campaignId, opened);
      return opened;
    } catch (error) {
      if (!(error instanceof PlayApiError)) throw error;
      notices.push({ key: 'sessionFailed', message: error.message });
    }
  }
  const stored = storedSession(campaignId);
  if (stored) return stored;
  return anonymous(campaignId, extra, api, notices);
}

async function anonymous(
  campaignId: string,
  extra: { ch?: string; inviter?: string },
  api: ApiOptions,
  notices: Notice[],
): Promise<StoredSession | null> {
  try {
    const opened = await openSession({ campaignId, deviceId: deviceId(), ...extra }, api);
    storeSession(campaignId, opened);
    return opened;
  } catch (error) {
    if (!(error instanceof PlayApiError)) throw error;
    // The page can still be looked at; playing needs a session.
    notices.push({ key: 'loadFailed', message: error.message });
    return null;
  }
}

/**
 * Opens the page: a participant session (none in a console preview: operators look, they do not
 * play), then the page model with `me`. A stored session the server no longer knows is dropped
 * and replaced by an anonymous one.
 */
export async function startPlay(campaignId: string, launch: Launch, api: ApiOptions): Promise<Started> {
  const notices: Notice[] = [];
  const query = { lang: launch.lang, preview: launch.preview, ch: launch.ch, inviter: launch.inviter };
  let session = launch.preview ? null : await chooseSession(campaignId, launch, api, notices);
  try {
    const data = await loadPage(campaignId, query, { ...api, token: session?.token });
    return { data, session, notices };
  } catch (error) {
    if (!(error instanceof PlayApiError) || error.status !== 401 || !session) throw error;
  }
  storeSession(campaignId, null);
  if (!session.participant.anonymous) notices.push({ key: 'sessionExpired' });
  const extra = {
    ...(launch.ch ? { ch: launch.ch } : {}),
    ...(launch.inviter ? { inviter: launch.inviter } : {}),
  };
  session = await anonymous(campaignId, extra, api, notices);
  const data = await loadPage(campaignId, query, { ...api, token: session?.token });
  return { data, session, notices };
}
