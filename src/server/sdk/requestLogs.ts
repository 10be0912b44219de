import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import type { DateRange } from '../links/dateRange';
import { newestPage } from '../links/listQuery';
import { readStoredProblem } from './callProblem';

/** Which logged calls to list: all, the answered ones (status < 400) or the refused ones. */
export interface RequestLogFilter {
  outcome?: 'ok' | 'error';
  page?: number;
  pageSize?: number;
}

/** A page of the project's logged SDK and server API calls in the range, newest first. */
export async function requestLogPage(
  db: Kysely<Database>,
  projectId: string,
  range: DateRange,
  filter: RequestLogFilter,
) {
  let query = db
    .selectFrom('api_request_logs')
    .where('project_id', '=', projectId)
    .where('time', '>=', range.startIso)
    .where('time', '<', range.endIso);
  if (filter.outcome === 'ok') query = query.where('status', '<', 400);
  if (filter.outcome === 'error') query = query.where('status', '>=', 400);
  const { rows, total } = await newestPage(query, filter, 'time');
  return {
    items: rows.map((r) => ({
      id: r.id,
      time: r.time,
      method: r.method,
      path: r.path,
      ip: r.ip,
      status: Number(r.status),
      durationMs: Number(r.duration_ms),
      request: r.request,
      response: r.response,
      ...readStoredProblem(r.error),
      headers: JSON.parse(r.headers) as Record<string, string>,
    })),
    total,
  };
}
