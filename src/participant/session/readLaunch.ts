/** What the page address carries when the page opens (`GET /p/:campaignId`; docs/integration-guide.md). */
export interface Launch {
  /** Signed hand-off of the customer's server: `?u=&exp=&sig=`. */
  handoff?: { userId: string; exp: number; sig: string };
  /** The app's login token for the project's token callback: `?token=`. */
  appToken?: string;
  /** Channel key (`?ch=`) and inviter participant code (`?inviter=`), when well formed. */
  ch?: string;
  inviter?: string;
  /** Console preview token (`?preview=`): look only, no session. */
  preview?: string;
  /** `?lang=`: the page language asked for. */
  lang?: string;
  /** The address to show instead: the same without the one-time credentials. */
  cleanUrl: string;
}

// The shapes the session call accepts; anything else is dropped instead of failing the page.
const CHANNEL = /^[A-Za-z0-9_-]{1,32}$/;
const INVITER = /^[A-Za-z0-9]{1,16}$/;
const USER_ID = /^[A-Za-z0-9_.@-]{1,64}$/;
const CREDENTIALS = ['u', 'exp', 'sig', 'token'];

/** Reads the launch parameters of a page address. */
export function readLaunch(href: string): Launch {
  const url = new URL(href);
  const q = url.searchParams;
  const get = (name: string) => q.get(name)?.trim() || undefined;
  const launch: Launch = { cleanUrl: '' };
  const userId = get('u');
  const exp = Number(get('exp'));
  const sig = get('sig');
  if (userId && USER_ID.test(userId) && Number.isInteger(exp) && sig && sig.length <= 128)
    launch.handoff = { userId, exp, sig };
  const token = get('token');
  if (token && token.length <= 2048) launch.appToken = token;
  const ch = get('ch');
  if (ch && CHANNEL.test(ch)) launch.ch = ch;
  const inviter = get('inviter');
  if (inviter && INVITER.test(inviter)) launch.inviter = inviter;
  launch.preview = get('preview');
  launch.lang = get('lang');
  // A copied or shared address must never carry someone's one-time sign-in.
  for (const name of CREDENTIALS) q.delete(name);
  const rest = q.toString();
  launch.cleanUrl = `${url.pathname}${rest ? `?${rest}` : ''}${url.hash}`;
  return launch;
}
