/** The parts of a WHATWG URL the engine reads. */
export interface ParsedUrl {
  href: string;
  protocol: string;
  hostname: string;
  pathname: string;
}

// WHATWG URL exists wherever the engine runs (browsers, Node); the engine's compiler settings
// leave out DOM and Node types, so the constructor is reached through globalThis.
const UrlClass = (globalThis as unknown as { URL: new (input: string) => ParsedUrl }).URL;

/**
 * Parses an absolute address the way browsers and Node do (so `http://2130706433`,
 * `http://0x7f.1` and `http://[::ffff:127.0.0.1]` come back with their normalised host), or
 * undefined when it does not parse.
 */
export function parseUrl(input: string): ParsedUrl | undefined {
  try {
    return new UrlClass(input);
  } catch {
    return undefined;
  }
}
