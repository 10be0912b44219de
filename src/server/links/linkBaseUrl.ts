/**
 * The base address of a project's links: `{scheme}://{prefix}.{LINK_HOST}{:port}`. The scheme and
 * port come from PUBLIC_URL (the same server answers both) unless LINK_HOST names its own port.
 */
export function linkBaseUrl(publicUrl: string, linkHost: string, prefix: string): string {
  let scheme = 'http:';
  let port = '';
  try {
    const url = new URL(publicUrl);
    scheme = url.protocol;
    port = url.port;
  } catch {
    // PUBLIC_URL is checked at start; keep plain http if it is odd here.
  }
  const host = linkHost.includes(':') ? linkHost : `${linkHost}${port ? `:${port}` : ''}`;
  return `${scheme}//${prefix}.${host}`;
}
