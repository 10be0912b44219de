import type { EventStatistics, EventType } from './analyticsTypes';

/** One day of the event statistics with a count per event shown. */
export type DayRow = { time: string } & Partial<Record<EventType, number>>;

/** The event statistics as one row per day with a column per event, newest day first. */
export function eventDays(items: EventStatistics['items']): DayRow[] {
  const byTime = new Map<string, DayRow>();
  for (const item of items)
    for (const point of item.series) {
      const row = byTime.get(point.time) ?? { time: point.time };
      row[item.event] = point.count;
      byTime.set(point.time, row);
    }
  return [...byTime.values()].sort((a, b) => b.time.localeCompare(a.time));
}
