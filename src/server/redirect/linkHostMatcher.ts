const PREFIX = /^[a-z0-9-]{1,63}$/;

/**
 * Tells link requests apart by their Host header: `{prefix}.{LINK_HOST}` with any port. Answers
 * the lower-cased prefix, `undefined` for any other host (the console). The console's own host
 * never counts as a link host, even when LINK_HOST is its parent domain.
 */
export function linkHostMatcher(linkHost: string, consoleUrl: string) {
  const suffix = `.${linkHost.trim().toLowerCase().replace(/:\d+$/, '')}`;
  let consoleHost = '';
  try {
    consoleHost = new URL(consoleUrl).hostname.toLowerCase();
  } catch {
    // no console host to protect
  }
  return function prefixOf(hostHeader: string | undefined): string | undefined {
    if (!hostHeader) return undefined;
    const colon = hostHeader.lastIndexOf(':');
    const host = (
      colon > 0 && !hostHeader.endsWith(']') ? hostHeader.slice(0, colon) : hostHeader
    ).toLowerCase();
    if (!host.endsWith(suffix) || host === consoleHost) return undefined;
    const prefix = host.slice(0, -suffix.length);
    return PREFIX.test(prefix) ? prefix : undefined;
  };
}
