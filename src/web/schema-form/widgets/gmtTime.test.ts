import dayjs from 'dayjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromWallClock, gmtLabel, isPastDay, offsetSuffix, timezoneOptions, toWallClock } from './gmtTime';

describe('GMT times of the wizard', () => {
  it('shows an instant as the wall clock of the campaign timezone and stores it back with that offset', () => {
    const wall = toWallClock('2026-12-01T00:00:00+08:00', 480)!;
    expect(wall.format('YYYY-MM-DD HH:mm')).toBe('2026-12-01 00:00');
    expect(toWallClock('2026-12-01T00:00:00+08:00', -300)!.format('YYYY-MM-DD HH:mm')).toBe(
      '2026-11-30 11:00',
    );
    expect(fromWallClock(wall, 480)).toBe('2026-12-01T00:00:00+08:00');
    expect(fromWallClock(dayjs('2026-12-01T09:30:00'), -570)).toBe('2026-12-01T09:30:00-09:30');
    expect(toWallClock('not a time', 0)).toBeNull();
  });

  it('names offsets as the schema does and offers every one in use', () => {
    expect(offsetSuffix(0)).toBe('+00:00');
    expect(gmtLabel(345)).toBe('GMT+05:45');
    expect(gmtLabel(-720)).toBe('GMT-12:00');
    expect(timezoneOptions).toContain('GMT+08:00');
    expect(timezoneOptions.every((tz) => /^GMT[+-](0\d|1[0-4]):[0-5]\d$/.test(tz))).toBe(true);
  });

  it('refuses days before today in the campaign timezone, by day (SPEC 5)', () => {
    const today = toWallClock(new Date().toISOString(), 480)!;
    expect(isPastDay(today.startOf('day'), 480)).toBe(false);
    expect(isPastDay(today.subtract(1, 'day'), 480)).toBe(true);
    expect(isPastDay(today.add(1, 'day'), 480)).toBe(false);
  });

  // The browser's zone must not matter: a picker cell is a local day whose fields are the
  // campaign's wall clock. 2026-11-23 20:00 UTC is the 24th in GMT+08:00, the 23rd in GMT-05:00.
  describe.each(['Asia/Shanghai', 'America/New_York', 'Pacific/Kiritimati', 'Pacific/Pago_Pago'])(
    'in a browser in %s',
    (zone) => {
      const saved = process.env.TZ;
      beforeAll(() => {
        process.env.TZ = zone;
      });
      afterAll(() => {
        process.env.TZ = saved;
      });
      const now = new Date('2026-11-23T20:00:00Z');
      const cell = (date: string, time = '00:00') => dayjs(`${date}T${time}:00`);

      it('greys out the days before today in the campaign zone', () => {
        expect(new Date('2026-01-01T00:00:00Z').getTimezoneOffset()).not.toBe(0);
        expect(isPastDay(cell('2026-11-23', '23:59'), 480, now)).toBe(true);
        expect(isPastDay(cell('2026-11-24'), 480, now)).toBe(false);
        expect(isPastDay(cell('2026-11-22', '23:59'), -300, now)).toBe(true);
        expect(isPastDay(cell('2026-11-23'), -300, now)).toBe(false);
        expect(isPastDay(cell('2026-11-24'), -300, now)).toBe(false);
      });
    },
  );
});
