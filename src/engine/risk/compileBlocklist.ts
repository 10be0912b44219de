import type { BlockKind } from './checkBlockValue';
import { maskBytes, parseAddress, parseAddressRange, type AddressFamily } from './parseAddressRange';

/** What a blocklist is matched on: the participant's user id, device id and address. */
export interface BlockSubject {
  userId?: string | null;
  deviceId?: string | null;
  ip?: string | null;
}

/** A compiled blocklist. */
export interface Blocklist<E> {
  /** Entries compiled (an address that is no range is left out). */
  readonly size: number;
  /**
   * The entry that blocks the subject (its user id, else its device id, else the most specific
   * range holding its address), or null. Ids are compared exactly; an address that is not one
   * matches nothing.
   */
  blocks(subject: BlockSubject): E | null;
}

const key = (bytes: readonly number[]) => bytes.join('.');

/**
 * Compiles entries (`{ kind, value }` as the blocklist stores them) for repeated matching: ids in
 * hash maps; ranges grouped by family and prefix length, so an address costs one lookup per
 * distinct prefix length, however long the list.
 */
export function compileBlocklist<E extends { kind: BlockKind; value: string }>(
  entries: readonly E[],
): Blocklist<E> {
  const users = new Map<string, E>();
  const devices = new Map<string, E>();
  // family -> prefix length -> masked network -> entry; prefix lengths longest first.
  const ranges = new Map<AddressFamily, Map<number, Map<string, E>>>([
    [4, new Map()],
    [6, new Map()],
  ]);
  let size = 0;
  for (const entry of entries) {
    if (entry.kind === 'user') {
      if (!users.has(entry.value)) users.set(entry.value, entry);
    } else if (entry.kind === 'device') {
      if (!devices.has(entry.value)) devices.set(entry.value, entry);
    } else {
      const parsed = parseAddressRange(entry.value);
      if (!parsed.ok) continue;
      const { family, prefix, bytes } = parsed.range;
      const byPrefix = ranges.get(family) as Map<number, Map<string, E>>;
      let networks = byPrefix.get(prefix);
      if (!networks) byPrefix.set(prefix, (networks = new Map()));
      if (!networks.has(key(bytes))) networks.set(key(bytes), entry);
    }
    size += 1;
  }
  const prefixes = new Map<AddressFamily, number[]>(
    [...ranges].map(([family, byPrefix]) => [family, [...byPrefix.keys()].sort((a, b) => b - a)]),
  );

  function byAddress(ip: string): E | null {
    const parsed = parseAddress(ip);
    if (!parsed.ok) return null;
    const { family, bytes } = parsed.address;
    const byPrefix = ranges.get(family) as Map<number, Map<string, E>>;
    for (const prefix of prefixes.get(family) ?? []) {
      const hit = byPrefix.get(prefix)?.get(key(maskBytes(bytes, prefix)));
      if (hit) return hit;
    }
    return null;
  }

  return {
    size,
    blocks(subject) {
      if (subject.userId) {
        const hit = users.get(subject.userId);
        if (hit) return hit;
      }
      if (subject.deviceId) {
        const hit = devices.get(subject.deviceId);
        if (hit) return hit;
      }
      return subject.ip ? byAddress(subject.ip) : null;
    },
  };
}
