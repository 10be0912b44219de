import type { ClicksTable } from '../links/linkTables';
import type { DeviceInfo } from './deviceOf';
import { deviceFingerprint, ipHash } from '../attribution/fingerprint';
import { AT, CLICK_COLUMNS, STRIDE, type ClickBatch, type ClickValues } from './clickBatch.mjs';

export {
  BASE64URL,
  CLICK_COLUMNS,
  SQLITE_INSERT_CLICK,
  clickIdOf,
  decodeBatch,
  isoTime,
} from './clickBatch.mjs';
export type { ClickBatch, ClickValues } from './clickBatch.mjs';

// The stored columns are the table's.
CLICK_COLUMNS satisfies readonly (keyof ClicksTable)[];

/** A click as the redirector saw it. */
export interface PendingClick {
  /** When it happened, in ms since the epoch. */
  timeMs: number;
  /** The random part of its id (`clickIdOf(timeMs, random)`), an integer below 2^48. */
  random: number;
  projectId: string;
  linkRowId: string;
  device: DeviceInfo;
  ip: string;
  userAgent: string;
  referrer: string | null;
  country: string | null;
  channel: string;
  params: Record<string, string> | null;
  outcome: string;
}

/**
 * Builds a `ClickBatch` click by click, on the request thread: a click costs a few map lookups
 * and ten numbers. Address hashes and the values a batch shares are made once per batch.
 */
export class ClickBatchBuilder {
  private numbers: Float64Array;
  private count = 0;
  private values: ClickValues[] = [];
  // One map per kind of shared value; strings of every kind share `texts` (their value is
  // the whole entry).
  private links = new Map<string, number>();
  private devices = new Map<string, number>();
  private visitors = new Map<string, number>();
  private texts = new Map<string, number>();

  constructor(capacity = 500) {
    this.numbers = new Float64Array(Math.max(1, capacity) * STRIDE);
  }

  /** Clicks added since the last `take`. */
  get size(): number {
    return this.count;
  }

  add(click: PendingClick): void {
    if ((this.count + 1) * STRIDE > this.numbers.length) {
      const grown = new Float64Array(this.numbers.length * 2);
      grown.set(this.numbers);
      this.numbers = grown;
    }
    const n = this.numbers;
    const at = this.count * STRIDE;
    const device = this.device(click);
    n[at + AT.time] = click.timeMs;
    n[at + AT.random] = click.random;
    n[at + AT.link] = this.link(click);
    n[at + AT.device] = device;
    n[at + AT.visitor] = click.ip ? this.visitor(click, device) : -1;
    n[at + AT.referrer] = this.text(click.referrer);
    n[at + AT.country] = this.text(click.country);
    n[at + AT.channel] = this.text(click.channel);
    n[at + AT.params] = click.params ? this.text(JSON.stringify(click.params)) : -1;
    n[at + AT.outcome] = this.text(click.outcome);
    this.count += 1;
  }

  /** The batch so far (null when empty); the builder starts afresh. */
  take(): ClickBatch | null {
    if (this.count === 0) return null;
    const batch: ClickBatch = {
      count: this.count,
      values: JSON.stringify(this.values),
      numbers: this.numbers.slice(0, this.count * STRIDE),
    };
    this.count = 0;
    this.values = [];
    this.links = new Map();
    this.devices = new Map();
    this.visitors = new Map();
    this.texts = new Map();
    return batch;
  }

  // Looked up before anything is built: on a hit (most clicks) nothing is allocated.
  private put(map: Map<string, number>, key: string, entry: ClickValues): number {
    const ref = this.values.push(entry) - 1;
    map.set(key, ref);
    return ref;
  }

  private link(click: PendingClick): number {
    const ref = this.links.get(click.linkRowId);
    return ref ?? this.put(this.links, click.linkRowId, [click.projectId, click.linkRowId]);
  }

  private device(click: PendingClick): number {
    const ref = this.devices.get(click.userAgent);
    if (ref !== undefined) return ref;
    const d = click.device;
    return this.put(this.devices, click.userAgent, [
      d.platform,
      d.os,
      d.osVersion,
      d.brand,
      d.model,
      d.browser,
      d.bot ? 1 : 0,
      click.userAgent.slice(0, 512) || null,
    ]);
  }

  private visitor(click: PendingClick, device: number): number {
    const key = `${device}|${click.ip}`;
    const ref = this.visitors.get(key);
    if (ref !== undefined) return ref;
    const { os, osVersion } = click.device;
    return this.put(this.visitors, key, [ipHash(click.ip), deviceFingerprint(click.ip, os, osVersion)]);
  }

  private text(value: string | null): number {
    if (value === null) return -1;
    return this.texts.get(value) ?? this.put(this.texts, value, [value]);
  }
}
