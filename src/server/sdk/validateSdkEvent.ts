import type { ValidateFunction } from 'ajv';
import { createAjv } from '../../engine/validation/createAjv';
import { singleLine } from '../../engine/validation/keywords/singleLine';
import { localizeErrors, validationMessage } from '../../engine/validation/localizeErrors';
import { mergeIssues, unsafeValueIssues } from '../../engine/validation/unsafeValueIssues';
import type { Lang } from '../../engine/validation/lang';
import type { ErrorKey } from '../errors';
import type { EventVia } from '../../engine/play/progressSource';
import { dayNumber } from './dayNumber';
import { STANDARD_EVENTS, SdkEventSchema, type SdkEventInput } from './sdkEventSchema';

/** An event ready to store. */
export interface IngestEvent {
  eventId: string;
  name: string;
  category: 'standard' | 'custom';
  deviceId: string;
  userId: string | null;
  platform: string;
  /** ISO UTC. */
  time: string;
  day: number;
  data: string | null;
  linkId: string | null;
  activityId: string | null;
  source: string | null;
  sdkVersion: string | null;
  appVersion: string | null;
  os: string | null;
  osVersion: string | null;
  country: string | null;
  language: string | null;
  testDevice: boolean;
  /** The door it came through (the SDK's access key, or a request signed with the API secret). */
  via: EventVia;
}

/** Why one event of a batch was refused; the message is made in the caller's language. */
export interface EventRefusal {
  reason: ErrorKey;
  params?: Record<string, unknown>;
  /** Field problems (JSON pointers into the event) for `sdk.eventInvalid`. */
  issues?: (lang: Lang) => { path: string; message: string }[];
}

const DAY_MS = 86_400_000;
const MAX_AGE_MS = 90 * DAY_MS;
const MAX_AHEAD_MS = DAY_MS;
const MAX_DATA_CHARS = 4096;
const STANDARD = new Set<string>(STANDARD_EVENTS);
/** A time already as stored (`toISOString`'s form, UTC): kept as sent, not formatted again. */
const STORED_FORM = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

const ajv = createAjv({ ajv: { coerceTypes: false }, keywords: [singleLine] });
const check: ValidateFunction = ajv.compile(SdkEventSchema);

const opt = (value: string | undefined) => (value === undefined || value === '' ? null : value);

/**
 * Checks one event of a batch: its shape, its time window and its name (standard, or a custom
 * key the project defined). Returns the event to store or the refusal.
 */
export function validateSdkEvent(
  raw: unknown,
  nowMs: number,
  customKeys: ReadonlySet<string>,
  testDeviceIds: ReadonlySet<string>,
): IngestEvent | EventRefusal {
  // Control characters (PostgreSQL cannot store NUL) and numbers JSON cannot carry (`1e309`
  // parses as Infinity, which would be stored as null) refuse this event only.
  const shapeOk = check(raw);
  const errors = [...(check.errors ?? [])];
  if (!shapeOk || unsafeValueIssues(raw, 'en-US', { limit: 1 }).length > 0) {
    return {
      reason: 'sdk.eventInvalid',
      issues: (lang) =>
        mergeIssues(unsafeValueIssues(raw, lang), localizeErrors(shapeOk ? [] : errors, lang)).map(
          ({ path, message }) => ({ path, message }),
        ),
    };
  }
  const event = raw as SdkEventInput;
  const ms = Date.parse(event.time);
  if (ms < nowMs - MAX_AGE_MS) return { reason: 'sdk.eventTooOld' };
  if (ms > nowMs + MAX_AHEAD_MS) return { reason: 'sdk.eventInFuture' };
  const category = event.category ?? (STANDARD.has(event.name) ? 'standard' : 'custom');
  const known = category === 'standard' ? STANDARD.has(event.name) : customKeys.has(event.name);
  if (!known) return { reason: 'sdk.unknownEvent', params: { name: event.name } };
  const data = event.data === undefined ? null : JSON.stringify(event.data);
  if (data !== null && data.length > MAX_DATA_CHARS) {
    return {
      reason: 'sdk.eventInvalid',
      issues: (lang) => [
        { path: '/data', message: validationMessage('maxLength', lang, { limit: MAX_DATA_CHARS }) },
      ],
    };
  }
  return {
    eventId: event.eventId,
    name: event.name,
    category,
    deviceId: event.deviceId,
    userId: opt(event.userId),
    platform: event.platform,
    // The schema's date-time has checked the ranges, so the stored form reads back the same
    // (about 1 µs an event less than formatting it again).
    time: STORED_FORM.test(event.time) ? event.time : new Date(ms).toISOString(),
    day: dayNumber(ms),
    data,
    linkId: opt(event.linkId),
    activityId: opt(event.activityId),
    source: opt(event.source),
    sdkVersion: opt(event.sdkVersion),
    appVersion: opt(event.appVersion),
    os: opt(event.os),
    osVersion: opt(event.osVersion),
    country: opt(event.country?.toUpperCase()),
    language: opt(event.language),
    testDevice: event.testDevice === true || testDeviceIds.has(event.deviceId),
    via: 'sdk',
  };
}

/** True when a validation result is a refusal. */
export function isRefusal(result: IngestEvent | EventRefusal): result is EventRefusal {
  return 'reason' in result;
}
