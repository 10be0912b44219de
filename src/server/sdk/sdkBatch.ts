import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import { errorMessage } from '../errors';
import type { Lang } from '../../engine/validation/lang';
import { isRefusal, validateSdkEvent, type IngestEvent } from './validateSdkEvent';
import { EVENT_NAME_PATTERN, STANDARD_EVENTS } from './sdkEventSchema';
import { loggableEventName } from './callProblem';

const STANDARD = new Set<string>(STANDARD_EVENTS);
const EVENT_NAME = new RegExp(EVENT_NAME_PATTERN);

/** One refused event of a batch, as the caller is told. */
export interface RejectedEvent {
  index: number;
  eventId: string | null;
  reason: string;
  message: string;
  errors?: { path: string; message: string }[];
}

/** What the request log keeps of a refused event: reason, event name and fields, in no language. */
export interface LoggedRefusal {
  reason: string;
  name: string | null;
  paths?: string[];
}

/** What a batch is checked against: the project's custom event keys and test devices it names. */
export interface BatchContext {
  customKeys: ReadonlySet<string>;
  testIds: ReadonlySet<string>;
}

/** A batch sorted: the events to store, the repeats within it, the refused ones. */
export interface SortedBatch {
  valid: IngestEvent[];
  /** Events whose eventId came earlier in the same batch: counted once, like a retry. */
  repeated: number;
  rejected: RejectedEvent[];
  refusals: LoggedRefusal[];
}

const field = (item: unknown, key: string): unknown => (item as Record<string, unknown> | null)?.[key];

/**
 * The custom event names a batch may use: names that can be event keys (a NUL would fail the
 * whole query) sent as custom or not standard. Only these are looked up.
 */
export function customNamesOf(raw: readonly unknown[]): Set<string> {
  const names = new Set<string>();
  for (const item of raw) {
    const name = field(item, 'name');
    if (
      typeof name === 'string' &&
      name.length <= 50 &&
      EVENT_NAME.test(name) &&
      (field(item, 'category') === 'custom' || !STANDARD.has(name))
    ) {
      names.add(name);
    }
  }
  return names;
}

/** Reads what a batch is checked against: one read for its custom names, one for test devices. */
export async function loadBatchContext(
  db: Kysely<Database>,
  projectId: string,
  raw: readonly unknown[],
): Promise<BatchContext> {
  const customNames = customNamesOf(raw);
  const [defined, testDevices] = await Promise.all([
    customNames.size === 0
      ? Promise.resolve([])
      : db
          .selectFrom('events')
          .select('key')
          .where('project_id', '=', projectId)
          .where('key', 'in', [...customNames])
          .execute(),
    db.selectFrom('test_devices').select('device_id').where('project_id', '=', projectId).execute(),
  ]);
  return {
    customKeys: new Set(defined.map((r) => r.key)),
    testIds: new Set(testDevices.map((r) => r.device_id)),
  };
}

/**
 * Checks each event of a batch alone: refused ones are answered in the caller's language (and
 * logged in none), an eventId repeated within the batch counts once, the rest are to be stored.
 */
export function sortBatch(
  raw: readonly unknown[],
  nowMs: number,
  context: BatchContext,
  lang: Lang,
): SortedBatch {
  const sorted: SortedBatch = { valid: [], repeated: 0, rejected: [], refusals: [] };
  const seen = new Set<string>();
  raw.forEach((item, index) => {
    const result = validateSdkEvent(item, nowMs, context.customKeys, context.testIds);
    if (isRefusal(result)) {
      const id = field(item, 'eventId');
      const errors = result.issues?.(lang);
      const detail = errors?.map((e) => `${e.path || '/'} ${e.message}`).join('; ') ?? '';
      sorted.rejected.push({
        index,
        eventId: typeof id === 'string' ? id.slice(0, 64) : null,
        reason: result.reason,
        message: errorMessage(result.reason, lang, { ...result.params, detail }),
        ...(errors ? { errors } : {}),
      });
      sorted.refusals.push({
        reason: result.reason,
        name: loggableEventName(field(item, 'name')),
        paths: errors?.map((e) => e.path || '/'),
      });
    } else if (seen.has(result.eventId)) {
      sorted.repeated += 1;
    } else {
      seen.add(result.eventId);
      sorted.valid.push(result);
    }
  });
  return sorted;
}
