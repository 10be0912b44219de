/** An absolute address for a server link that may come back relative (`/p/abc`). */
export function absoluteUrl(link: string, origin: string = window.location.origin): string {
  try {
    return new URL(link, origin).toString();
  } catch {
    return link;
  }
}

/** A channel's own participant link: the campaign link with `ch=<key>` (docs/campaigns.md, channels). */
export function channelUrl(link: string, key: string, origin?: string): string {
  const url = new URL(absoluteUrl(link, origin));
  url.searchParams.set('ch', key);
  return url.toString();
}

/** The participant page of a campaign as a signed-in preview (`GET /p/:id?preview=<token>`). */
export function previewUrl(campaignId: string, token: string): string {
  return `/p/${encodeURIComponent(campaignId)}?preview=${encodeURIComponent(token)}`;
}
