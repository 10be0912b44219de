import { localDayNumber } from '../../engine/rules/timeZone';
import { isoTime } from '../redirect/clickRows';
import type { AdClicksTable, AdPlatform, AdRequestSource, AdRequestsTable } from './adsTables';
import { CLICK_COLUMNS, REQUEST_COLUMNS } from './serveColumns.mjs';

export {
  CLICK_COLUMNS,
  REQUEST_COLUMNS,
  SQLITE_INSERT_CLICK,
  SQLITE_INSERT_REQUEST,
} from './serveColumns.mjs';

// The stored columns are the tables'.
REQUEST_COLUMNS satisfies readonly (keyof AdRequestsTable)[];
CLICK_COLUMNS satisfies readonly (keyof AdClicksTable)[];

/** A request for an ad, as the serving path saw it (`urlId` null: nothing was served). */
export interface QueuedRequest {
  id: string;
  projectId: string;
  strategyId: string;
  urlId: string | null;
  timeMs: number;
  /** The project's rollup zone as the serve knew it (the writer checks it is still the zone). */
  zone: string;
  domain: string;
  language: string;
  platform: AdPlatform;
  visitor: string;
  source: AdRequestSource;
}

/** A visitor following a served URL (at most one per request). */
export interface QueuedClick {
  requestId: string;
  projectId: string;
  strategyId: string;
  urlId: string;
  timeMs: number;
  zone: string;
  domain: string;
}

/** What one write takes: requests first (a click's request is in it or written before). */
export interface ServeBatch {
  requests: QueuedRequest[];
  clicks: QueuedClick[];
}

/** Where the serve queue's batches go. */
export interface ServeWriter {
  /** Resolves once the batch is stored (or what could not be is logged as lost). */
  write(batch: ServeBatch): Promise<void>;
  /** Lets go of its resources once everything it was given is stored. */
  close(): Promise<void>;
}

export type RowValues = (string | number | null)[];

/** A request's values in `REQUEST_COLUMNS` order, its day in `zone`. */
export function requestValues(r: QueuedRequest, zone: string): RowValues {
  return [
    r.id,
    r.projectId,
    r.strategyId,
    r.urlId,
    localDayNumber(r.timeMs, zone),
    isoTime(r.timeMs),
    r.domain,
    r.language,
    r.platform,
    r.visitor,
    r.source,
  ];
}

/** A click's values in `CLICK_COLUMNS` order, its day in `zone`. */
export function clickValues(c: QueuedClick, zone: string): RowValues {
  return [
    c.requestId,
    c.projectId,
    c.strategyId,
    c.urlId,
    localDayNumber(c.timeMs, zone),
    isoTime(c.timeMs),
    c.domain,
  ];
}
