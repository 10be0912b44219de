// What the server reads from a link template's config (entity/link-template). Fields the
// schema folder does not define yet are read when present (see docs/deep-links.md), so adding them
// to the schema needs no code.

export type StoreKey = 'huawei' | 'xiaomi' | 'samsung' | 'oppo' | 'vivo' | 'google-play';
export type WindowUnit = 'days' | 'hours' | 'cycle';
export type CallbackEvent = 'install' | 'open' | 'register';

export interface AttributionWindow {
  unit: WindowUnit;
  value: number;
}

export interface TemplateSettings {
  stores: StoreKey[];
  packageNames: string[];
  androidSchemes: string[];
  sha256: string[];
  appStoreUrl?: string;
  teamId?: string;
  bundleId?: string;
  iosScheme?: string;
  windowsStoreUrl?: string;
  pcHomepage?: string;
  h5Homepage?: string;
  webFirst: boolean;
  wechatLanding: boolean;
  noSchemeLaunch: boolean;
  clickAttribution: 'first' | 'last';
  attributionWindow: AttributionWindow;
  lookbackWindow: AttributionWindow;
  callbackUrl?: string;
  callbackEvents: CallbackEvent[];
  returnUa: boolean;
}

const STORES: readonly StoreKey[] = ['huawei', 'xiaomi', 'samsung', 'oppo', 'vivo', 'google-play'];
const EVENTS: readonly CallbackEvent[] = ['install', 'open', 'register'];

type Json = Record<string, unknown>;

function object(value: unknown): Json {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function semicolonList(value: unknown): string[] {
  const raw = text(value);
  if (!raw) return [];
  return raw
    .split(';')
    .map((item) => item.trim())
    .filter(Boolean);
}

function windowOf(value: unknown, fallbackDays: number): AttributionWindow {
  const w = object(value);
  const unit = w.unit;
  const amount = typeof w.value === 'number' && Number.isFinite(w.value) && w.value > 0 ? w.value : undefined;
  if (unit === 'cycle') return { unit: 'cycle', value: 0 };
  if ((unit === 'days' || unit === 'hours') && amount) return { unit, value: amount };
  return { unit: 'days', value: fallbackDays };
}

/** The window's length in milliseconds; `Infinity` for the full cycle. */
export function windowMs(window: AttributionWindow): number {
  if (window.unit === 'cycle') return Number.POSITIVE_INFINITY;
  return window.value * (window.unit === 'hours' ? 3_600_000 : 86_400_000);
}

/** Reads a stored template config into the settings the redirector and attribution use. */
export function templateSettings(config: unknown): TemplateSettings {
  const c = object(config);
  const android = object(c.android);
  const ios = object(c.ios);
  const days =
    typeof c.attributionWindowDays === 'number' && c.attributionWindowDays > 0 ? c.attributionWindowDays : 7;
  const attributionWindow = windowOf(c.attributionWindow, days);
  const stores = Array.isArray(android.stores)
    ? android.stores.filter((s): s is StoreKey => STORES.includes(s as StoreKey))
    : [];
  const callbackEvents = Array.isArray(c.callbackEvents)
    ? c.callbackEvents.filter((e): e is CallbackEvent => EVENTS.includes(e as CallbackEvent))
    : [];
  return {
    stores,
    packageNames: semicolonList(android.packageNames),
    androidSchemes: semicolonList(android.uriSchemes),
    sha256: semicolonList(android.sha256).map((f) => f.toUpperCase()),
    appStoreUrl: text(ios.appStoreUrl),
    teamId: text(ios.teamId),
    bundleId: text(ios.bundleId),
    iosScheme: text(ios.uriScheme),
    windowsStoreUrl: text(c.windowsStoreUrl),
    pcHomepage: text(c.pcHomepage),
    h5Homepage: text(c.h5Homepage),
    webFirst: c.webFirst === true,
    wechatLanding: c.wechatLanding === true,
    noSchemeLaunch: c.noSchemeLaunch === true,
    clickAttribution: c.clickAttribution === 'first' ? 'first' : 'last',
    attributionWindow,
    lookbackWindow: c.lookbackWindow === undefined ? attributionWindow : windowOf(c.lookbackWindow, days),
    callbackUrl: text(c.callbackUrl),
    callbackEvents,
    returnUa: c.returnUa === true,
  };
}
