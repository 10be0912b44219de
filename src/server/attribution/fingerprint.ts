import { hash } from 'node:crypto';

// IP addresses are never stored; only salted hashes, so clicks and SDK reports can still be
// matched. CLICK_HASH_SALT lets an installation use its own salt.
const SALT = process.env.CLICK_HASH_SALT ?? 'growth-console-click';

// Busy links see the same visitors again and again: keep recent hashes (bounded).
const recent = new Map<string, string>();

function cachedHash(input: string): string {
  const hit = recent.get(input);
  if (hit) return hit;
  if (recent.size >= 10_000) recent.clear();
  // One-shot `crypto.hash` (no Hash object per call): a click from a new visitor pays two.
  const digest = hash('sha256', `${SALT}|${input}`, 'base64url').slice(0, 32);
  recent.set(input, digest);
  return digest;
}

function normalIp(ip: string): string {
  // IPv4 seen through an IPv6 socket ("::ffff:1.2.3.4") is the same visitor as "1.2.3.4".
  return ip
    .trim()
    .toLowerCase()
    .replace(/^::ffff:/, '');
}

function osFamily(os: string | null | undefined): string {
  const name = (os ?? '').trim().toLowerCase();
  if (name === 'ios' || name === 'ipados') return 'ios';
  if (name === 'android' || name === 'harmonyos') return 'android';
  return name;
}

/** Salted hash of an IP address. */
export function ipHash(ip: string): string {
  return cachedHash(`ip|${normalIp(ip)}`);
}

/**
 * The device fingerprint a click and a later SDK report share: IP + OS family + OS major
 * version (the browser's and the app's user agents differ, these do not).
 */
export function deviceFingerprint(
  ip: string,
  os: string | null | undefined,
  osVersion: string | null | undefined,
): string {
  const major = (osVersion ?? '').trim().split(/[._]/)[0] ?? '';
  return cachedHash(`fp|${normalIp(ip)}|${osFamily(os)}|${major}`);
}
