import type { FuncKeywordDefinition } from 'ajv';
import { fieldPointer, keywordError, readField, timeOf, type CompiledCheck } from './keywordSupport';

export interface TimeRangeOptions {
  /** Field holding the start (ISO-8601 date-time). */
  start: string;
  /** Field holding the end. */
  end: string;
  /** Shortest allowed range in minutes (30 for campaigns, sub-activities and tasks). */
  minMinutes?: number;
  /** Most natural (calendar) days the range may touch, counted in the campaign's timezone. */
  maxDays?: number;
  /** Field holding the timezone as `GMT+08:00`; calendar days are counted there (UTC without it). */
  timezoneField?: string;
}

const DAY_MS = 86_400_000;

/** `GMT+8`, `GMT+08:00`, `GMT-05:30`, `GMT` -> offset in minutes; 0 when unreadable. */
export function gmtOffsetMinutes(value: unknown): number {
  if (typeof value !== 'string') return 0;
  const m = /^(?:GMT|UTC)(?:([+-])(\d{1,2})(?::?(\d{2}))?)?$/.exec(value.trim());
  if (!m || !m[1]) return 0;
  const minutes = Number(m[2]) * 60 + Number(m[3] ?? 0);
  return m[1] === '-' ? -minutes : minutes;
}

/**
 * `timeRange`: on an object, the end lies after the start, the range lasts at least `minMinutes`
 * and touches at most `maxDays` calendar days. Errors sit on the end field.
 */
export const timeRange: FuncKeywordDefinition = {
  keyword: 'timeRange',
  type: 'object',
  schemaType: 'object',
  errors: true,
  metaSchema: {
    type: 'object',
    properties: {
      start: { type: 'string', minLength: 1 },
      end: { type: 'string', minLength: 1 },
      minMinutes: { type: 'number', minimum: 0 },
      maxDays: { type: 'integer', minimum: 1 },
      timezoneField: { type: 'string', minLength: 1 },
    },
    required: ['start', 'end'],
    additionalProperties: false,
  },
  compile(options: TimeRangeOptions) {
    const at = fieldPointer(options.end);
    const check: CompiledCheck = (data, dataCxt) => {
      const start = timeOf(readField(data, options.start));
      const end = timeOf(readField(data, options.end));
      if (Number.isNaN(start) || Number.isNaN(end)) return true;
      let params: Record<string, unknown> | undefined;
      if (end <= start) params = { messageKey: 'timeRangeOrder' };
      else if (options.minMinutes !== undefined && end - start < options.minMinutes * 60_000) {
        params = { messageKey: 'timeRangeMin', minutes: options.minMinutes };
      } else if (options.maxDays !== undefined) {
        const offset = options.timezoneField
          ? gmtOffsetMinutes(readField(data, options.timezoneField)) * 60_000
          : 0;
        const days = Math.floor((end + offset) / DAY_MS) - Math.floor((start + offset) / DAY_MS) + 1;
        if (days > options.maxDays)
          params = { messageKey: 'timeRangeMax', days: options.maxDays, actual: days };
      }
      if (!params) return true;
      check.errors = [keywordError('timeRange', dataCxt, at, params)];
      return false;
    };
    return check;
  },
};
