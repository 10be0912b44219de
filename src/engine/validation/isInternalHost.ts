import { isPublicIp } from './isPublicIp';

// Names that never reach a public host: localhost and the special-use and private-use
// suffixes (RFC 6761, RFC 6762 mDNS, RFC 8375, ICANN's .internal).
const LOCAL_NAMES = /(^|\.)(localhost|local|internal|home\.arpa|localdomain)$/;

/**
 * True when a URL host (as a WHATWG URL gives it: dotted IPv4, bracketed IPv6 or a lower-case
 * name) is certainly not a public host: a loopback, private, link-local or otherwise special IP
 * literal, localhost and other local names, or a name of one label (`intranet`, found through
 * the resolver's search list). Pure: a name that only resolves to a private address is left to
 * the server's DNS check.
 */
export function isInternalHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host === '') return true;
  if (host.startsWith('[') || /^\d+\.\d+\.\d+\.\d+$/.test(host)) return !isPublicIp(host);
  // A numeric last label is an IPv4 spelling (`0x7f.1`) that was not normalised: never a name.
  if (/(^|\.)(0x[0-9a-f]*|\d+)$/.test(host)) return true;
  return !host.includes('.') || LOCAL_NAMES.test(host);
}
