// Synthetic but realistic SDK traffic for bench:ingest: new devices every day, retention that
// decays with the days since install, a few sessions per active day and several events per
// session, on three platforms. Deterministic (seeded), so every run measures the same data.
// Days are the project's local days (its time zone), as a real app's users live by them.
import { localDayNumber, localDayStartMs } from '../src/engine/rules/timeZone';

export interface BenchEvent {
  eventId: string;
  name: string;
  deviceId: string;
  platform: 'ios' | 'android' | 'web';
  time: string;
  sdkVersion: string;
  appVersion: string;
  os: string;
  country: string;
  language: string;
  data?: Record<string, unknown>;
}

/** A small seeded PRNG (mulberry32). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PLATFORMS = [
  { platform: 'android' as const, os: 'Android', share: 0.55 },
  { platform: 'ios' as const, os: 'iOS', share: 0.35 },
  { platform: 'web' as const, os: 'Windows', share: 0.1 },
];
const COUNTRIES = ['CN', 'US', 'ID', 'BR', 'IN', 'JP', 'DE', 'MX', 'VN', 'TH', 'KR', 'FR'];
const NAMES = ['page_view', 'page_view', 'page_view', 'share', 'login', 'purchase'];

/**
 * Yields events for `days` local days ending with the day before `end`, `newPerDay` new devices
 * a day, stopping after `limit` events. `tag` keeps ids of different runs apart.
 */
export function* benchEvents(options: {
  end: Date;
  days: number;
  newPerDay: number;
  limit: number;
  tag: string;
  seed?: number;
  /** The project's time zone: each active day's sessions fall within its local day (UTC unless told). */
  zone?: string;
}): Generator<BenchEvent> {
  const random = prng(options.seed ?? 42);
  const dayMs = 86_400_000;
  const zone = options.zone ?? 'UTC';
  const firstDay = localDayNumber(options.end.getTime(), zone) - options.days;
  let produced = 0;
  const devices: { id: string; p: (typeof PLATFORMS)[number]; country: string; cohort: number }[] = [];
  for (let d = 0; d < options.days; d += 1) {
    for (let i = 0; i < options.newPerDay; i += 1) {
      const r = random();
      const p =
        r < PLATFORMS[0].share
          ? PLATFORMS[0]
          : r < PLATFORMS[0].share + PLATFORMS[1].share
            ? PLATFORMS[1]
            : PLATFORMS[2];
      devices.push({
        id: `${options.tag}-d${d}-${i}`,
        p,
        country: COUNTRIES[Math.floor(random() ** 2 * COUNTRIES.length)],
        cohort: d,
      });
    }
    const dayStart = localDayStartMs(firstDay + d, zone);
    for (const device of devices) {
      const age = d - device.cohort;
      // Day 0 always; afterwards a decaying chance (about 40% on day 1, 15% by day 30).
      if (age > 0 && random() > 0.45 / Math.sqrt(age) + 0.05) continue;
      const sessions = 1 + Math.floor(random() * 3);
      for (let s = 0; s < sessions; s += 1) {
        let t = dayStart + Math.floor(random() * (dayMs - 3_600_000));
        const count = 2 + Math.floor(random() * 6);
        for (let e = 0; e < count; e += 1) {
          const name =
            age === 0 && s === 0 && e === 0
              ? device.p.platform === 'web'
                ? 'open'
                : 'install'
              : e === 0
                ? 'open'
                : NAMES[Math.floor(random() * NAMES.length)];
          t += 5_000 + Math.floor(random() * 60_000);
          yield {
            eventId: `${device.id}-${d}-${s}-${e}`,
            name,
            deviceId: device.id,
            platform: device.p.platform,
            time: new Date(Math.min(t, dayStart + dayMs - 1)).toISOString(),
            sdkVersion: '2.4.1',
            appVersion: random() < 0.8 ? '3.2.0' : '3.1.5',
            os: device.p.os,
            country: device.country,
            language: device.country === 'CN' ? 'zh-CN' : 'en-US',
            ...(name === 'purchase'
              ? { data: { amount: Math.round(random() * 10000) / 100, currency: 'USD' } }
              : {}),
          };
          produced += 1;
          if (produced >= options.limit) return;
        }
      }
    }
  }
}
