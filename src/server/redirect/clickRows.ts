import type { ClicksTable } from '../links/linkTables';
import type { DeviceInfo } from './deviceOf';
import { deviceFingerprint, ipHash } from '../attribution/fingerprint';

/** A click as the redirector saw it; hashing and row building wait for the flush. */
export interface PendingClick {
  id: string;
  projectId: string;
  linkRowId: string;
  /** When it happened, in ms since the epoch (formatted when the row is built). */
  timeMs: number;
  device: DeviceInfo;
  ip: string;
  userAgent: string;
  referrer: string | null;
  country: string | null;
  channel: string;
  params: Record<string, string> | null;
  outcome: string;
}

/** The columns of a stored click, in the order `clickRow` gives their values. */
export const CLICK_COLUMNS = [
  'id',
  'project_id',
  'link_id',
  'created_at',
  'platform',
  'os',
  'os_version',
  'brand',
  'model',
  'browser',
  'is_bot',
  'country',
  'referrer',
  'channel',
  'ip_hash',
  'fingerprint',
  'user_agent',
  'params',
  'outcome',
] as const satisfies readonly (keyof ClicksTable)[];

/** A click's stored values, in `CLICK_COLUMNS` order (plain values: they cross to a worker). */
export type ClickValues = (string | number | null)[];

// Date#toISOString formats through printf in V8 and was a visible share of a click's cost; the
// part up to the second changes once a second, so it is formatted once per second.
let isoSecond = Number.NaN;
let isoPrefix = '';

/** `new Date(ms).toISOString()`, cheaper for times in the same second. */
export function isoTime(ms: number): string {
  const second = Math.floor(ms / 1000);
  if (second !== isoSecond) {
    isoSecond = second;
    isoPrefix = new Date(second * 1000).toISOString().slice(0, 20);
  }
  const millis = ms - second * 1000;
  return `${isoPrefix}${millis < 10 ? '00' : millis < 100 ? '0' : ''}${millis}Z`;
}

export function clickRow(click: PendingClick): ClickValues {
  const d = click.device;
  return [
    click.id,
    click.projectId,
    click.linkRowId,
    isoTime(click.timeMs),
    d.platform,
    d.os,
    d.osVersion,
    d.brand,
    d.model,
    d.browser,
    d.bot ? 1 : 0,
    click.country,
    click.referrer,
    click.channel,
    click.ip ? ipHash(click.ip) : null,
    click.ip ? deviceFingerprint(click.ip, d.os, d.osVersion) : null,
    click.userAgent.slice(0, 512) || null,
    click.params ? JSON.stringify(click.params) : null,
    click.outcome,
  ];
}

/** The INSERT of one click, in SQLite's placeholder style. */
export const SQLITE_INSERT_CLICK = `insert into "clicks" (${CLICK_COLUMNS.map((c) => `"${c}"`).join(', ')}) values (${CLICK_COLUMNS.map(() => '?').join(', ')})`;
