import { describe, expect, it } from 'vitest';
import { newProjectTimeZone, timeZoneOptions, zoneToday } from './projectTimeZone';

describe('project time zone helpers', () => {
  it("today is the zone's date whatever the browser's zone", () => {
    const now = new Date('2026-03-01T16:30:00Z');
    expect(zoneToday('Asia/Shanghai', now).format('YYYY-MM-DD')).toBe('2026-03-02');
    expect(zoneToday('GMT+08:00', now).format('YYYY-MM-DD')).toBe('2026-03-02');
    expect(zoneToday('America/New_York', now).format('YYYY-MM-DD')).toBe('2026-03-01');
    expect(zoneToday('UTC', new Date('2024-03-01T00:10:00+02:00')).format('YYYY-MM-DD')).toBe('2024-02-29');
  });

  it('new projects: GMT+08:00 in Chinese, the browser zone in English', () => {
    expect(newProjectTimeZone('zhCN', 'Europe/Paris')).toBe('Asia/Shanghai');
    expect(newProjectTimeZone('enUS', 'Europe/Paris')).toBe('Europe/Paris');
  });

  it('offers IANA zones with their current offset and the GMT offsets, in offset order', () => {
    const options = timeZoneOptions('Etc/GMT-8', new Date('2026-01-15T00:00:00Z'));
    const find = (value: string) => options.find((o) => o.value === value);
    expect(find('Asia/Shanghai')?.label).toBe('(GMT+08:00) Asia/Shanghai');
    expect(find('America/New_York')?.label).toBe('(GMT-05:00) America/New_York');
    expect(find('GMT-05:00')?.label).toBe('GMT-05:00');
    expect(find('Etc/GMT-8')).toBeDefined();
    const offsets = options.map((o) => o.offset);
    expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
  });
});
