import { absoluteHttpUrl, urlProblem } from '../../engine/validation/urlProblem';

/**
 * The address as an absolute http(s) URL to a public host, or undefined when it is anything else
 * (`javascript:`, `data:`, a custom scheme, a relative or protocol-relative path, no host, or a
 * host that is internal as written: localhost, `127.0.0.1` in any spelling, private, link-local,
 * ...: the engine's `urlProblem`). `www.example.com/x` counts as `https://www.example.com/x`
 * (redirect addresses start with https or www). Surrounding blanks are trimmed.
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
  return urlProblem(trimmed, 'http') ? undefined : absoluteHttpUrl(trimmed);
}

/**
 * The validation message key for a redirect target the server refuses (`redirectUrl` for the
 * wrong shape, `urlPrivateHost` for an internal host), or undefined when it is fine.
 */
export function redirectTargetProblem(address: string): 'redirectUrl' | 'urlPrivateHost' | undefined {
  const problem = urlProblem(address.trim(), 'http');
  if (!problem) return undefined;
  return problem.reason === 'private' ? 'urlPrivateHost' : 'redirectUrl';
}
