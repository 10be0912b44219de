/**
 * Where to go after login: only a same-origin path is accepted, so `?redirect=` cannot send a
 * signed-in user to another site (no open redirect).
 */
export function safeRedirect(target: string | null | undefined, fallback = '/'): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\'))
    return fallback;
  // Control characters (tabs, newlines) are dropped by URL parsers and can turn /\t/x into //x.
  if ([...target].some((char) => char.charCodeAt(0) < 0x20)) return fallback;
  if (target.startsWith('/login')) return fallback;
  return target;
}
