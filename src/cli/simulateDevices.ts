// The simulated devices of `npm run simulate`: a small seeded PRNG (so a run can be repeated with
// the same ids: the server ignores duplicates) and devices drawn from it with real user agents.

export interface SeededRandom {
  /** A number in [0, 1). */
  random(): number;
  pick<T>(items: readonly T[]): T;
}

/** One stream of seeded numbers; every draw of a run comes from it, in order. */
export function seededRandom(seed: number): SeededRandom {
  let state = seed >>> 0;
  function random(): number {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
  return { random, pick };
}

export interface Device {
  id: string;
  platform: 'android' | 'ios' | 'web';
  os: string;
  osVersion: string;
  model: string;
  userAgent: string;
  appVersion: string;
  country: string;
  language: string;
  installDay: number;
  /** How likely the device comes back (some users love the app, most drift away). */
  loyalty: number;
  userId: string | null;
  viaLink: boolean;
}

const ANDROID = [
  {
    model: 'NOH-AN00',
    brand: 'HUAWEI',
    ua: (v: string) =>
      `Mozilla/5.0 (Linux; Android ${v}; NOH-AN00 Build/HUAWEINOH-AN00) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.144 Mobile Safari/537.36`,
  },
  {
    model: 'Redmi Note 11',
    brand: 'Xiaomi',
    ua: (v: string) =>
      `Mozilla/5.0 (Linux; Android ${v}; Redmi Note 11 Build/SKQ1.211103.001) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.6045.163 Mobile Safari/537.36`,
  },
  {
    model: 'SM-S918B',
    brand: 'Samsung',
    ua: (v: string) =>
      `Mozilla/5.0 (Linux; Android ${v}; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/121.0.6167.101 Mobile Safari/537.36`,
  },
  {
    model: 'PGJM10',
    brand: 'OPPO',
    ua: (v: string) =>
      `Mozilla/5.0 (Linux; Android ${v}; PGJM10 Build/TP1A.220905.001) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/115.0.5790.166 Mobile Safari/537.36`,
  },
  {
    model: 'V2309A',
    brand: 'vivo',
    ua: (v: string) =>
      `Mozilla/5.0 (Linux; Android ${v}; V2309A Build/TP1A.220624.014) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/116.0.0.0 Mobile Safari/537.36`,
  },
  {
    model: 'Pixel 8',
    brand: 'Google',
    ua: (v: string) =>
      `Mozilla/5.0 (Linux; Android ${v}; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/122.0.6261.64 Mobile Safari/537.36`,
  },
];
const IOS = ['16.7', '17.2', '17.4', '17.5'];
const DESKTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/122.0.0.0 Safari/537.36';
const COUNTRIES = [
  ['CN', 'zh-CN', 0.45],
  ['US', 'en-US', 0.15],
  ['ID', 'id-ID', 0.08],
  ['BR', 'pt-BR', 0.07],
  ['JP', 'ja-JP', 0.06],
  ['DE', 'de-DE', 0.05],
  ['IN', 'en-IN', 0.05],
  ['MX', 'es-MX', 0.04],
  ['VN', 'vi-VN', 0.03],
  ['TH', 'th-TH', 0.02],
] as const;

/** A device installing on `installDay`, its platform, country, model and loyalty drawn from `rng`. */
export function newDevice(rng: SeededRandom, runTag: string, index: number, installDay: number): Device {
  const { random, pick } = rng;
  const r = random();
  const platform = r < 0.55 ? 'android' : r < 0.9 ? 'ios' : 'web';
  let country = COUNTRIES[0] as (typeof COUNTRIES)[number];
  let c = random();
  for (const entry of COUNTRIES) {
    c -= entry[2];
    if (c <= 0) {
      country = entry;
      break;
    }
  }
  const id = `sim-${runTag}-${index.toString(36)}-${Math.floor(random() * 1e9).toString(36)}`;
  const base = {
    id,
    appVersion: random() < 0.7 ? '3.2.0' : random() < 0.7 ? '3.1.5' : '2.9.8',
    country: country[0],
    language: country[1],
    installDay,
    loyalty: random() ** 2,
    userId: null,
    viaLink: random() < 0.6,
  };
  if (platform === 'android') {
    const phone = pick(ANDROID);
    const v = pick(['11', '12', '13', '14']);
    return { ...base, platform, os: 'Android', osVersion: v, model: phone.model, userAgent: phone.ua(v) };
  }
  if (platform === 'ios') {
    const v = pick(IOS);
    return {
      ...base,
      platform,
      os: 'iOS',
      osVersion: v,
      model: 'iPhone',
      userAgent: `Mozilla/5.0 (iPhone; CPU iPhone OS ${v.replace('.', '_')} like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/${v.split('.')[0]}.0 Mobile/15E148 Safari/604.1`,
    };
  }
  return { ...base, platform, os: 'Windows', osVersion: '10', model: 'PC', userAgent: DESKTOP };
}
