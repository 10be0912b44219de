/** What the offerwall page's address carries (`GET /o/:projectId`). */
export interface OfferwallLaunch {
  /** Signed hand-off of the customer's server: `?u=&exp=&sig=`. */
  handoff?: { userId: string; exp: number; sig: string };
  /** The app's login token for the project's token callback: `?token=`. */
  appToken?: string;
  /** `?lang=`: the language asked for (offer texts and the page's words). */
  lang?: string;
  /** The address to show instead: the same without the one-time credentials. */
  cleanUrl: string;
}

const USER_ID = /^[A-Za-z0-9_.@-]{1,64}$/;
const CREDENTIALS = ['u', 'exp', 'sig', 'token'];

/** Reads the launch parameters of an offerwall address; malformed values are dropped, not sent. */
export function readOfferwallLaunch(href: string): OfferwallLaunch {
  const url = new URL(href);
  const q = url.searchParams;
  const get = (name: string) => q.get(name)?.trim() || undefined;
  const launch: OfferwallLaunch = { cleanUrl: '' };
  const userId = get('u');
  const exp = Number(get('exp'));
  const sig = get('sig');
  if (userId && USER_ID.test(userId) && Number.isInteger(exp) && sig && sig.length <= 128)
    launch.handoff = { userId, exp, sig };
  const token = get('token');
  if (token && token.length <= 2048) launch.appToken = token;
  const lang = get('lang');
  if (lang && /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(lang)) launch.lang = lang;
  // A copied or shared address must never carry someone's one-time sign-in.
  for (const name of CREDENTIALS) q.delete(name);
  const rest = q.toString();
  launch.cleanUrl = `${url.pathname}${rest ? `?${rest}` : ''}${url.hash}`;
  return launch;
}
