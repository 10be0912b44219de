import { describe, expect, it } from 'vitest';
import { campaignStatus } from '../rules/campaignStatus';
import { campaignZoneOf, shiftTemplateDates, templateInZone } from './shiftTemplateDates';

const template = {
  title: 'Wheel',
  startTime: '2026-12-01T00:00:00+08:00',
  endTime: '2026-12-31T23:59:59+08:00',
  timezone: 'GMT+08:00',
  drawTime: '2026-12-30T20:00:00+08:00',
  tasks: [{ period: { startTime: '2026-12-02T09:30:00+08:00' } }],
  note: 'not a date 2026-12-01',
  count: 3,
};

describe('template dates relative to today', () => {
  it('moves the earliest date to today in the template time zone, the rest by the same days', () => {
    // 2026-11-23 20:19 UTC is 2026-11-24 04:19 in GMT+08:00.
    const shifted = shiftTemplateDates(template, new Date('2026-11-23T20:19:00Z'));
    expect(shifted).toEqual({
      ...template,
      startTime: '2026-11-24T00:00:00+08:00',
      endTime: '2026-12-24T23:59:59+08:00',
      drawTime: '2026-12-23T20:00:00+08:00',
      tasks: [{ period: { startTime: '2026-11-25T09:30:00+08:00' } }],
    });
    // The file's own object is left alone.
    expect(template.startTime).toBe('2026-12-01T00:00:00+08:00');
  });

  it('uses the day of the template zone, not UTC: 2026-11-23 10:00 UTC is still the 23rd in GMT-05:00', () => {
    const west = { startTime: '2026-12-01T00:00:00-05:00', endTime: '2026-12-31T23:59:59-05:00' };
    expect(shiftTemplateDates(west, new Date('2026-11-23T10:00:00Z'))).toEqual({
      startTime: '2026-11-23T00:00:00-05:00',
      endTime: '2026-12-23T23:59:59-05:00',
    });
    expect(shiftTemplateDates(west, new Date('2026-11-24T04:59:00Z')).startTime).toBe(
      '2026-11-23T00:00:00-05:00',
    );
    expect(shiftTemplateDates(west, new Date('2026-11-24T05:00:00Z')).startTime).toBe(
      '2026-11-24T00:00:00-05:00',
    );
  });

  it('crosses months and years, and leaves a template without dates as it is', () => {
    const shifted = shiftTemplateDates(template, new Date('2027-02-27T12:00:00Z'));
    expect(shifted.startTime).toBe('2027-02-27T00:00:00+08:00');
    expect(shifted.endTime).toBe('2027-03-29T23:59:59+08:00');
    const plain = { title: 'x', list: [1, 'a'] };
    expect(shiftTemplateDates(plain, new Date())).toBe(plain);
  });

  it('a template goes online as running the same minute, whenever it is taken', () => {
    const wheel = template;
    for (const now of [
      new Date('2026-11-23T20:19:00Z'),
      new Date('2027-06-01T15:59:00Z'),
      new Date('2027-06-01T16:00:00Z'),
    ]) {
      const shifted = shiftTemplateDates(wheel, now);
      expect(
        campaignStatus({ phase: 'online', startTime: shifted.startTime, endTime: shifted.endTime }, now),
      ).toBe('running');
      const days = (Date.parse(shifted.endTime) - Date.parse(shifted.startTime)) / 86_400_000;
      expect(Math.round(days)).toBe(31);
    }
  });
});

describe("a template in the project's time zone", () => {
  it('takes the zone as its campaign zone, keeps wall clocks and starts today there', () => {
    // 2026-11-28 03:25 UTC: already the 28th in GMT+08:00 and in UTC.
    const now = new Date('2026-11-28T03:25:00Z');
    expect(templateInZone(template, 'UTC', now)).toEqual({
      ...template,
      timezone: 'GMT+00:00',
      startTime: '2026-11-28T00:00:00+00:00',
      endTime: '2026-12-28T23:59:59+00:00',
      drawTime: '2026-12-27T20:00:00+00:00',
      tasks: [{ period: { startTime: '2026-11-29T09:30:00+00:00' } }],
    });
  });

  it("counts today in the project's zone, not the template's", () => {
    // 2026-11-27 20:00 in New York (EST, -05:00) is already the 28th in GMT+08:00.
    const now = new Date('2026-11-28T01:00:00Z');
    const inNewYork = templateInZone(template, 'America/New_York', now);
    expect(inNewYork.timezone).toBe('GMT-05:00');
    expect(inNewYork.startTime).toBe('2026-11-27T00:00:00-05:00');
    expect(
      campaignStatus({ phase: 'online', startTime: inNewYork.startTime, endTime: inNewYork.endTime }, now),
    ).toBe('running');
  });

  it('follows daylight saving at the time it is taken, and fixed GMT zones as they are', () => {
    expect(campaignZoneOf('America/New_York', new Date('2026-07-01T12:00:00Z'))).toBe('GMT-04:00');
    expect(campaignZoneOf('America/New_York', new Date('2026-12-01T12:00:00Z'))).toBe('GMT-05:00');
    expect(campaignZoneOf('Asia/Kathmandu', new Date('2026-12-01T12:00:00Z'))).toBe('GMT+05:45');
    expect(campaignZoneOf('GMT+08:00', new Date())).toBe('GMT+08:00');
    expect(campaignZoneOf('GMT', new Date())).toBe('GMT+00:00');
  });

  it('leaves a config without a campaign zone alone', () => {
    const link = { name: 'x', expiresAt: '2026-12-01T00:00:00+08:00' };
    expect(templateInZone(link, 'UTC', new Date())).toBe(link);
  });
});
