function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 32 || code === 127) return true;
  }
  return false;
}

/**
 * The address as an absolute http(s) URL, or undefined when it is anything else (`javascript:`,
 * `data:`, a custom scheme, a relative path, no host). `www.example.com/x` counts as
 * `https://www.example.com/x` (SPEC: redirect addresses start with https or www).
 */
export function safeHttpUrl(address: string | null | undefined): string | undefined {
  if (!address) return undefined;
  // The redirector asks about the same few addresses on every click: answers are remembered.
  if (checked.has(address)) return checked.get(address);
  const safe = check(address);
  if (checked.size >= CHECKED_LIMIT) checked.clear();
  checked.set(address, safe);
  return safe;
}

const CHECKED_LIMIT = 10_000;
const checked = new Map<string, string | undefined>();

function check(address: string): string | undefined {
  const trimmed = address.trim();
  if (trimmed === '' || /\s/.test(trimmed) || hasControlCharacter(trimmed)) return undefined;
  const absolute = /^www\./i.test(trimmed) ? `https://${trimmed}` : trimmed;
  let url: URL;
  try {
    url = new URL(absolute);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (!url.hostname) return undefined;
  // Keep the operator's spelling where it parses to the same thing; URL() normalises escapes.
  return url.toString();
}
