// @ts-check
// The form in which the redirector's clicks travel: from the request thread to the click writer,
// into the click journal and back out as table rows. Plain JavaScript (typed by JSDoc) because
// the writer's worker thread reads it too, and a worker is started from a file that must load
// the same way under tsx, vitest and a built server.
//
// A batch is self-contained. Each click is STRIDE numbers; the values clicks share (the link,
// the device a user agent names, the visitor, the referrer, ...) are written once per batch in
// `values` and referred to by their index. A busy link's batch of 500 clicks from a few devices
// holds each user agent once instead of 500 times, which is most of a click's bytes.

/** The columns of a stored click, in the order `decodeBatch` gives their values. */
export const CLICK_COLUMNS = /** @type {const} */ ([
  'id',
  'project_id',
  'link_id',
  'created_at',
  'platform',
  'os',
  'os_version',
  'brand',
  'model',
  'browser',
  'is_bot',
  'country',
  'referrer',
  'channel',
  'ip_hash',
  'fingerprint',
  'user_agent',
  'params',
  'outcome',
]);

/** A click's stored values, in `CLICK_COLUMNS` order. */
/** @typedef {(string | number | null)[]} ClickValues */

/**
 * Clicks in transit.
 * @typedef {object} ClickBatch
 * @property {number} count How many clicks.
 * @property {string} values JSON array of the shared values, each an array (see the refs below).
 * @property {Float64Array} numbers `count * STRIDE` numbers, one run of STRIDE per click.
 */

/** Numbers per click. */
export const STRIDE = 10;
/** Offsets in a click's numbers. A ref is an index into `values`; -1 is "none". */
export const AT = /** @type {const} */ ({
  /** When, in ms since the epoch. */
  time: 0,
  /** 48 random bits of the click id. */
  random: 1,
  /** -> [project_id, link_id] */
  link: 2,
  /** -> [platform, os, os_version, brand, model, browser, is_bot, user_agent] */
  device: 3,
  /** -> [ip_hash, fingerprint] */
  visitor: 4,
  /** -> [referrer] */
  referrer: 5,
  /** -> [country] */
  country: 6,
  /** -> [channel] */
  channel: 7,
  /** -> [params] (JSON text) */
  params: 8,
  /** -> [outcome] */
  outcome: 9,
});

/** The base64url alphabet click ids are written in. */
export const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/**
 * A click's id: 9 characters of time (ms in base 32, so ids of one moment sort together and the
 * index grows at its end) and 8 of randomness (48 bits, base64url).
 * @param {number} timeMs
 * @param {number} random an integer below 2^48
 */
export function clickIdOf(timeMs, random) {
  let tail = '';
  let rest = random;
  for (let i = 0; i < 8; i += 1) {
    tail = BASE64URL[rest % 64] + tail;
    rest = Math.floor(rest / 64);
  }
  return timeMs.toString(32).padStart(9, '0') + tail;
}

// Date#toISOString formats through printf in V8 and was a visible share of a click's cost; the
// part up to the second changes once a second, so it is formatted once per second.
let isoSecond = Number.NaN;
let isoPrefix = '';

/**
 * `new Date(ms).toISOString()`, cheaper for times in the same second.
 * @param {number} ms
 */
export function isoTime(ms) {
  const second = Math.floor(ms / 1000);
  if (second !== isoSecond) {
    isoSecond = second;
    isoPrefix = new Date(second * 1000).toISOString().slice(0, 20);
  }
  const millis = ms - second * 1000;
  return `${isoPrefix}${millis < 10 ? '00' : millis < 100 ? '0' : ''}${millis}Z`;
}

/** @type {ClickValues} */
const NO_VISITOR = [null, null];

/**
 * The table rows of a batch, in `CLICK_COLUMNS` order.
 * @param {ClickBatch} batch
 * @returns {ClickValues[]}
 */
export function decodeBatch(batch) {
  /** @type {ClickValues[]} */
  const values = JSON.parse(batch.values);
  const n = batch.numbers;
  /** @param {number} ref */
  const one = (ref) => (ref < 0 ? null : values[ref][0]);
  /** @type {ClickValues[]} */
  const rows = new Array(batch.count);
  for (let i = 0; i < batch.count; i += 1) {
    const at = i * STRIDE;
    const time = n[at + AT.time];
    const link = values[n[at + AT.link]];
    const device = values[n[at + AT.device]];
    const visitor = n[at + AT.visitor] < 0 ? NO_VISITOR : values[n[at + AT.visitor]];
    rows[i] = [
      clickIdOf(time, n[at + AT.random]),
      link[0],
      link[1],
      isoTime(time),
      device[0],
      device[1],
      device[2],
      device[3],
      device[4],
      device[5],
      device[6],
      one(n[at + AT.country]),
      one(n[at + AT.referrer]),
      one(n[at + AT.channel]),
      visitor[0],
      visitor[1],
      device[7],
      one(n[at + AT.params]),
      one(n[at + AT.outcome]),
    ];
  }
  return rows;
}

/**
 * The INSERT of one click, in SQLite's placeholder style; a click stored already is skipped.
 */
export const SQLITE_INSERT_CLICK = `insert into "clicks" (${CLICK_COLUMNS.map((c) => `"${c}"`).join(', ')}) values (${CLICK_COLUMNS.map(() => '?').join(', ')}) on conflict ("id") do nothing`;
