import { post } from './send';
import { load, save } from './storage';
import { sdkUrl, state } from './state';

/** The web deferred deep link: the link click this device's visit was matched to. */
export interface Attribution {
  /** `install` on the device's first report, `open` on later sessions. */
  type: 'install' | 'open';
  matched: boolean;
  linkId: string | null;
  clickId: string | null;
  deferredData: Record<string, string>;
  params: Record<string, string>;
}

const INSTALLED = 'gc_ai';
const ANSWER = 'gc_at';
let pending: Promise<Attribution> | undefined;

async function ask(): Promise<Attribution> {
  if (!state.key) throw new Error('GrowthConsole: call init() first');
  if (state.ua.bot) throw new Error('GrowthConsole: robots are not attributed');
  const cached = load(ANSWER, true);
  if (cached) return JSON.parse(cached);
  const type = load(INSTALLED) ? 'open' : 'install';
  const clickId = new URLSearchParams(location.search).get('click_id') || undefined;
  // The user agent, not a parsed OS: the server parses it as it parsed the click's.
  const answer = await post(sdkUrl('attribution'), {
    type,
    deviceId: state.deviceId,
    platform: 'web',
    userAgent: navigator.userAgent.slice(0, 1024),
    clickId,
  });
  if (!answer.ok) throw new Error(`GrowthConsole: attribution answered ${answer.status}`);
  const { matched, linkId, clickId: click, deferredData, params } = (await answer.json()).data;
  const result: Attribution = { type, matched, linkId, clickId: click, deferredData, params };
  save(INSTALLED, '1');
  save(ANSWER, JSON.stringify(result), true);
  return result;
}

/**
 * Reports this visit once per session (sessionStorage: one per tab) to /api/sdk/v1/attribution:
 * `install` the first time the device ever asks, `open` afterwards; answers the matched link's
 * data. The answer is kept for the session; a failure rejects and the next call asks again.
 */
export function getAttribution(): Promise<Attribution> {
  return (pending ??= ask().catch((error) => {
    pending = undefined;
    throw error;
  }));
}
