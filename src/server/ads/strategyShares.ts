import type { Kysely } from 'kysely';
import { aiShares, type AiShare } from '../../engine/ads/ai';
import { hash32 } from '../../engine/ads/assign';
import { strategyUrlGroups, type AdsStrategyConfig } from '../../engine/ads/strategyUrls';
import { localDayNumber, localDayStartMs } from '../../engine/rules/timeZone';
import type { Database } from '../db/tables';
import { QUARTER_MS } from './requestIds';

/** Days of statistics the AI distribution looks at (today included). */
export const AI_WINDOW_DAYS = 7;
const DAY_MS = 86_400_000;

/** What one URL did over the window (by `ad_urls.id`). */
export interface UrlFigures {
  serves: number;
  clicks: number;
  incomeMicros: number;
  /** Income transactions (credits and reversals) behind `incomeMicros`. */
  incomeCount: number;
}

/** One URL of a strategy's shares answer. */
export interface StrategyShareRow extends Omit<AiShare, 'key'> {
  url: string;
  /** '' for a general strategy. */
  language: string;
  /** The configured ratio in percent. */
  ratio: number;
  serves: number;
  clicks: number;
  incomeMicros: number;
}

/** The last `AI_WINDOW_DAYS` local days up to today in `zone`, as day numbers and dates. */
export function shareWindow(now: Date, zone: string) {
  const toDay = localDayNumber(now.getTime(), zone);
  const fromDay = toDay - AI_WINDOW_DAYS + 1;
  const date = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
  return { fromDay, toDay, from: date(fromDay), to: date(toDay) };
}

/** The Monte Carlo seed of a strategy on a day: the same answer all day, on every server. */
export function shareSeed(strategyId: string, day: number): number {
  return hash32(`${strategyId}:${day}`);
}

const EMPTY: UrlFigures = { serves: 0, clicks: 0, incomeMicros: 0, incomeCount: 0 };

/**
 * Serves, clicks and income of a strategy's URLs over local days `fromDay..toDay` of `zone`, by
 * `ad_urls.id` (serves and clicks from the quarter-hour counters, income by its stamped day).
 */
export async function urlFigures(
  db: Kysely<Database>,
  strategy: { id: string; projectId: string },
  fromDay: number,
  toDay: number,
  zone: string,
): Promise<Map<string, UrlFigures>> {
  const [counts, income] = await Promise.all([
    db
      .selectFrom('ad_serves')
      .select([
        'url_id',
        (eb) => eb.fn.sum<string | number>('requests').as('serves'),
        (eb) => eb.fn.sum<string | number>('clicks').as('clicks'),
      ])
      .where('strategy_id', '=', strategy.id)
      .where('quarter', '>=', Math.floor(localDayStartMs(fromDay, zone) / QUARTER_MS))
      .where('quarter', '<', Math.floor(localDayStartMs(toDay + 1, zone) / QUARTER_MS))
      .where('url_id', '<>', '')
      .groupBy('url_id')
      .execute(),
    db
      .selectFrom('ad_income')
      .select(['url_id', (eb) => eb.fn.sum('amount_micros').as('micros'), (eb) => eb.fn.countAll().as('n')])
      .where('project_id', '=', strategy.projectId)
      .where('day', '>=', fromDay)
      .where('day', '<=', toDay)
      .where('strategy_id', '=', strategy.id)
      .where('url_id', 'is not', null)
      .groupBy('url_id')
      .execute(),
  ]);
  const out = new Map<string, UrlFigures>();
  const figures = (urlId: string | null) => {
    const key = urlId ?? '';
    let found = out.get(key);
    if (!found) out.set(key, (found = { ...EMPTY }));
    return found;
  };
  // PostgreSQL answers counts and bigint sums as strings.
  for (const row of counts) {
    const f = figures(row.url_id);
    f.serves = Number(row.serves ?? 0);
    f.clicks = Number(row.clicks ?? 0);
  }
  for (const row of income) {
    const f = figures(row.url_id);
    f.incomeMicros = Number(row.micros ?? 0);
    f.incomeCount = Number(row.n);
  }
  return out;
}

/**
 * The shares of every URL a strategy serves, per language group: custom = the configured ratios;
 * ai = `aiShares` of the group's figures (its reasons and probabilities are shown for custom
 * strategies too, as what the figures say). Income of every currency is summed as it is.
 */
export function strategyShares(
  config: AdsStrategyConfig,
  urlIds: ReadonlyMap<string, string>,
  figures: ReadonlyMap<string, UrlFigures>,
  seed: number,
): StrategyShareRow[] {
  const out: StrategyShareRow[] = [];
  for (const group of strategyUrlGroups(config)) {
    const urls = group.urls.filter((u, i, all) => all.findIndex((o) => o.key === u.key) === i);
    const stats = urls.map((u) => {
      const f = figures.get(urlIds.get(u.key) ?? '') ?? EMPTY;
      return { key: u.key, serves: f.serves, incomeMicros: f.incomeMicros, incomeCount: f.incomeCount, f };
    });
    const ai = aiShares(
      stats.map(({ key, serves, incomeMicros, incomeCount }) => ({ key, serves, incomeMicros, incomeCount })),
      { seed },
    );
    const ratioSum = urls.reduce((sum, u) => sum + Math.max(0, u.weight), 0);
    urls.forEach((u, i) => {
      const { f } = stats[i];
      const { key: _key, ...evaluation } = ai[i];
      const configured = ratioSum > 0 ? Math.max(0, u.weight) / ratioSum : 0;
      out.push({
        ...evaluation,
        url: u.key,
        language: group.language,
        ratio: u.weight,
        share: config.distribution === 'ai' ? evaluation.share : Number(configured.toFixed(6)),
        serves: f.serves,
        clicks: f.clicks,
        incomeMicros: f.incomeMicros,
      });
    });
  }
  return out;
}

/** The AI weights of a strategy's groups (language -> URL -> share) from its share rows. */
export function aiWeights(rows: readonly StrategyShareRow[]): Map<string, Map<string, number>> {
  const out = new Map<string, Map<string, number>>();
  for (const row of rows) {
    let group = out.get(row.language);
    if (!group) out.set(row.language, (group = new Map()));
    group.set(row.url, row.share);
  }
  return out;
}
