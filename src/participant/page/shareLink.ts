/** Share pages of the channels that have one on the web; the others use the system share or a copied link. */
const INTENTS: Record<string, (url: string, text: string) => string> = {
  weibo: (u, t) => `https://service.weibo.com/share/share.php?url=${u}&title=${t}`,
  qzone: (u, t) => `https://sns.qzone.qq.com/cgi-bin/qzshare/cgi_qzshare_onekey?url=${u}&title=${t}`,
  facebook: (u) => `https://www.facebook.com/sharer/sharer.php?u=${u}`,
  twitter: (u, t) => `https://twitter.com/intent/tweet?url=${u}&text=${t}`,
  whatsapp: (u, t) => `https://wa.me/?text=${t}%20${u}`,
  telegram: (u, t) => `https://t.me/share/url?url=${u}&text=${t}`,
  line: (u) => `https://social-plugins.line.me/lineit/share?url=${u}`,
};

/** The web share page of a channel for a link, or null when the channel has none. */
export function intentUrl(channel: string, url: string, text: string): string | null {
  const make = Object.hasOwn(INTENTS, channel) ? INTENTS[channel] : undefined;
  return make ? make(encodeURIComponent(url), encodeURIComponent(text)) : null;
}

/** The link a player shares: this campaign's page with their participant code as the inviter. */
export function inviteLink(origin: string, campaignId: string, code: string | null | undefined): string {
  const base = `${origin}/p/${encodeURIComponent(campaignId)}`;
  return code ? `${base}?inviter=${encodeURIComponent(code)}` : base;
}

/**
 * The link a player shares: a referral's own invite link from the server (through the campaign's
 * deep link, so installs are attributed) when it has one, else `inviteLink`.
 */
export function playerLink(
  invite: unknown,
  origin: string,
  campaignId: string,
  code: string | null | undefined,
): string {
  const serverLink = (invite as { link?: unknown } | undefined)?.link;
  return typeof serverLink === 'string' && serverLink ? serverLink : inviteLink(origin, campaignId, code);
}

/** Copies text; false when the browser refused (the page then shows the link to copy by hand). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Older browsers and plain http pages: the selection way.
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    let done: boolean;
    try {
      done = document.execCommand('copy');
    } catch {
      done = false;
    }
    area.remove();
    return done;
  }
}

/**
 * Shares a link without a share bar (a "share" hotzone or button on a page without one): the
 * system share sheet where there is one, else a copied link. Answers what the page should say.
 */
export async function shareLink(
  link: string,
  title: string,
): Promise<{ key: string; params?: Record<string, string> } | null> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, url: link });
      return null;
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return null;
    }
  }
  return (await copyText(link))
    ? { key: 'blocks.linkCopied' }
    : { key: 'share.copyFailed', params: { url: link } };
}
