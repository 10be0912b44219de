import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { EVENT_NAME_PATTERN } from './sdkEventSchema';

/**
 * What went wrong with a logged X-Access-Key call, as a code and parameters (never a sentence):
 * the console says it in its own language. `level` is `error` for a refused call (HTTP >= 400,
 * or a batch whose every event was refused) and `warning` for a batch that was stored except for
 * some refused events.
 */
export interface CallProblem {
  level: 'error' | 'warning';
  /**
   * `sdk.batchRefused` (every event refused), `sdk.eventsRefused` (some), the error key of a
   * refused call's answer (`ipNotWhitelisted`, `validation`, `invalidJson`, ...), or `http` when the
   * answer named none.
   */
  code: string;
  params: Record<string, unknown>;
}

/** Refused events of one reason and name (`name` null when the event carried no usable name). */
export interface RefusedEvents {
  reason: string;
  name: string | null;
  count: number;
  /** Fields an invalid event was refused for (JSON pointers into the event, the first few). */
  paths?: string[];
}

export const CallProblemSchema = Type.Object(
  {
    level: Type.Union([Type.Literal('error'), Type.Literal('warning')]),
    code: Type.String(),
    params: Type.Record(Type.String(), Type.Unknown()),
  },
  {
    description:
      'code sdk.batchRefused | sdk.eventsRefused (params { total, refused, events: [{ reason, name, count, paths? }], more }) | an error key (params { status, paths? }) | http (params { status })',
  },
);

const EVENT_NAME = new RegExp(EVENT_NAME_PATTERN);
/** At most this many groups of refused events are named; `more` counts the events past them. */
const MAX_GROUPS = 10;
const MAX_PATHS = 3;

const noted = new WeakMap<FastifyRequest, CallProblem>();

/** Records what a route found wrong in a call it still answered 200 (refused events of a batch). */
export function noteCallProblem(request: FastifyRequest, problem: CallProblem): void {
  noted.set(request, problem);
}

export function notedCallProblem(request: FastifyRequest): CallProblem | undefined {
  return noted.get(request);
}

/** An event's name as the log may keep it: a possible event key, else null (anything can be sent). */
export function loggableEventName(value: unknown): string | null {
  return typeof value === 'string' && value.length <= 50 && EVENT_NAME.test(value) ? value : null;
}

/**
 * The problem of a batch with refused events, or null when none was refused: a failure when
 * nothing of it was stored or already stored (`sdk.batchRefused`), else a warning
 * (`sdk.eventsRefused`). Refusals are grouped by reason and event name, so the console can name the
 * event keys.
 */
export function refusalProblem(
  total: number,
  refusals: ReadonlyArray<{ reason: string; name: string | null; paths?: readonly string[] }>,
): CallProblem | null {
  if (refusals.length === 0) return null;
  const groups = new Map<string, RefusedEvents>();
  let more = 0;
  for (const { reason, name, paths } of refusals) {
    const key = `${reason}\u0000${name ?? ''}`;
    const group = groups.get(key);
    if (group) group.count += 1;
    else if (groups.size < MAX_GROUPS)
      groups.set(key, {
        reason,
        name,
        count: 1,
        ...(paths?.length
          ? { paths: [...new Set(paths)].slice(0, MAX_PATHS).map((p) => p.slice(0, 100)) }
          : {}),
      });
    else more += 1;
  }
  const whole = refusals.length >= total;
  return {
    level: whole ? 'error' : 'warning',
    code: whole ? 'sdk.batchRefused' : 'sdk.eventsRefused',
    params: { total, refused: refusals.length, events: [...groups.values()], more },
  };
}

/** The problem of a call answered with HTTP >= 400, from its error envelope when it has one. */
export function answerProblem(status: number, response: string | undefined): CallProblem {
  try {
    const body = JSON.parse(response ?? '') as { data?: { error?: unknown; errors?: { path?: unknown }[] } };
    const code = body.data?.error;
    if (typeof code === 'string' && code !== '') {
      const paths = Array.isArray(body.data?.errors)
        ? body.data.errors
            .map((e) => e.path)
            .filter((p): p is string => typeof p === 'string')
            .slice(0, MAX_PATHS)
            .map((p) => p.slice(0, 100))
        : [];
      return {
        level: 'error',
        code: code.slice(0, 64),
        params: { status, ...(paths.length ? { paths } : {}) },
      };
    }
  } catch {
    // Not an envelope: the status says it all.
  }
  return { level: 'error', code: 'http', params: { status } };
}

/** The text kept in `api_request_logs.error`. */
export function storedProblem(problem: CallProblem): string {
  return JSON.stringify(problem);
}

/**
 * A stored `api_request_logs.error` read back: a problem (JSON), or the text rows kept before
 * problems were coded (`<key>: <message>`, `all events rejected: ...`, `HTTP <status>`), which
 * stays as it was, a failure.
 */
export function readStoredProblem(stored: string | null): {
  problem: CallProblem | null;
  error: string | null;
} {
  if (stored === null || stored === '') return { problem: null, error: null };
  if (stored.startsWith('{')) {
    try {
      const value = JSON.parse(stored) as Partial<CallProblem>;
      if (
        (value.level === 'error' || value.level === 'warning') &&
        typeof value.code === 'string' &&
        value.params !== null &&
        typeof value.params === 'object'
      )
        return { problem: { level: value.level, code: value.code, params: value.params }, error: null };
    } catch {
      // An older text that happens to start with a brace.
    }
  }
  return { problem: null, error: stored };
}

/** How a logged call ended: `error` (refused, or an older failure text), `warning`, or `ok`. */
export function callOutcome(status: number, stored: string | null): 'ok' | 'warning' | 'error' {
  if (status >= 400) return 'error';
  const { problem, error } = readStoredProblem(stored);
  if (problem) return problem.level;
  return error === null ? 'ok' : 'error';
}
