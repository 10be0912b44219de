import { SqliteAdapter, sql, type Kysely } from 'kysely';
import type { Database } from '../db/tables';
import { hotQuery } from '../db/hotQuery';
import type { CampaignRow } from '../db/campaignTables';
import { canJoin } from '../../engine/rules/campaignStatus';
import { shownState, shownStatus } from '../campaigns/campaignState';
import type { SchemaEngine } from '../../engine/createSchemaEngine';
import { playOf } from '../../engine/play/mechanics';
import { chanceRules, type ChanceRules } from '../../engine/play/chances';
import { moneyToMicros, type DrawPrize } from '../../engine/play/draw';
import type { ParticipantRow } from './playTables';

export type Config = Record<string, unknown>;
export const obj = (value: unknown): Config =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Config) : {};
export const list = (value: unknown): Config[] => (Array.isArray(value) ? value.map(obj) : []);

/** Why a participant cannot play now (null: they can, chances permitting). */
export type PlayReason =
  | 'draft'
  | 'preview'
  | 'notStarted'
  | 'ended'
  | 'offline'
  | 'whitelistOnly'
  | 'loginRequired'
  | 'userType'
  | 'noChances'
  | 'overBudget'
  | 'notPlayable';

/** A campaign as the play service reads it: the row, its parsed config and its play facts. */
export interface PlayCampaign {
  row: CampaignRow;
  config: Config;
  mechanic: string | null;
  renderer: string | null;
  playable: boolean;
  chances: ChanceRules;
  prizes: Config[];
  /** Total budget in micros; null = no limit (absent or 0). */
  budgetMicros: number | null;
  timezone: string;
}

const campaignById = hotQuery(['id'], (db: Kysely<Database>, p: { id: string }) =>
  db.selectFrom('campaigns').selectAll().where('id', '=', p.id),
);

// Read from the index (id, revision) alone: no page of the row, nor of its config, is touched.
// SQLite's planner prefers the primary key's index, and then reads the row up to the revision
// (after the config, through its overflow pages): it is told which index to use.
const revisionById = hotQuery(['id'], (db: Kysely<Database>, p: { id: string }) => {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter))
    return db.selectFrom('campaigns').select('revision').where('id', '=', p.id);
  const query = sql<{
    revision: number;
  }>`select revision from campaigns indexed by campaigns_revision_idx where id = ${p.id}`;
  return { compile: () => query.compile(db) };
});

export async function loadCampaignRow(db: Kysely<Database>, id: string): Promise<CampaignRow | undefined> {
  return (await campaignById(db, { id })).rows[0];
}

// Parsed campaigns per schema engine (a reloaded registry starts afresh), keyed by id and checked
// against the row's revision, which the database raises on every change of the row (m0026).
const parsed = new WeakMap<SchemaEngine, Map<string, { revision: number; campaign: PlayCampaign }>>();
const CACHED = 1000;

function parsedOf(schemas: SchemaEngine) {
  let cache = parsed.get(schemas);
  if (!cache) parsed.set(schemas, (cache = new Map()));
  return cache;
}

/**
 * A campaign as the play service reads it, by id (undefined: no such campaign). The row is read
 * and its config parsed only when its revision moved since this server last read it.
 */
export async function loadPlayCampaign(
  db: Kysely<Database>,
  schemas: SchemaEngine,
  id: string,
): Promise<PlayCampaign | undefined> {
  const current = (await revisionById(db, { id })).rows[0];
  if (!current) return undefined;
  const hit = parsedOf(schemas).get(id);
  if (hit && hit.revision === Number(current.revision)) return hit.campaign;
  const row = await loadCampaignRow(db, id);
  return row ? playCampaign(schemas, row) : undefined;
}

/**
 * A reader of a campaign's rules computed once per parsed config (the config object lives as
 * long as the cached campaign of its row version): `memoByConfig((c) => checkInRulesOf(c.config))`.
 */
export function memoByConfig<C extends Pick<PlayCampaign, 'config'>, T>(read: (campaign: C) => T) {
  const cache = new WeakMap<object, T>();
  return (campaign: C): T => {
    if (cache.has(campaign.config)) return cache.get(campaign.config) as T;
    const value = read(campaign);
    cache.set(campaign.config, value);
    return value;
  };
}

/** Reads a campaign row into what the play service needs (parsed once per revision of the row). */
export function playCampaign(schemas: SchemaEngine, row: CampaignRow): PlayCampaign {
  const cache = parsedOf(schemas);
  const revision = Number(row.revision);
  const hit = cache.get(row.id);
  // A row a caller changed in memory (a moved status) keeps its revision: compare what it carries.
  if (hit && hit.revision === revision && sameVersion(hit.campaign.row, row)) return hit.campaign;
  const campaign = readPlayCampaign(schemas, row);
  cache.delete(row.id);
  if (cache.size >= CACHED) cache.delete(cache.keys().next().value as string);
  cache.set(row.id, { revision, campaign });
  return campaign;
}

function sameVersion(a: CampaignRow, b: CampaignRow): boolean {
  return (
    a.config === b.config &&
    a.updated_at === b.updated_at &&
    a.phase === b.phase &&
    a.online_at === b.online_at &&
    a.whitelist_enabled === b.whitelist_enabled
  );
}

function readPlayCampaign(schemas: SchemaEngine, row: CampaignRow): PlayCampaign {
  const config = JSON.parse(row.config) as Config;
  const entry = schemas.get(row.kind, row.mark);
  const play = entry ? playOf(entry) : null;
  const total = Number(obj(config.budget).total ?? 0);
  return {
    row,
    config,
    mechanic: play?.mechanic ?? null,
    renderer: play?.renderer ?? null,
    playable: play?.playable === true,
    chances: chanceRules(config),
    prizes: list(config.prizes),
    budgetMicros: Number.isFinite(total) && total > 0 ? moneyToMicros(total) : null,
    timezone: row.timezone ?? 'GMT+00:00',
  };
}

/** Whether the campaign's budget is spent (never, without a budget). */
export function isOverBudget(campaign: Pick<PlayCampaign, 'budgetMicros'>, spentMicros: number): boolean {
  return campaign.budgetMicros !== null && spentMicros >= campaign.budgetMicros;
}

/** The prize as the draw rules read it. */
export function drawPrizeOf(prize: Config): DrawPrize {
  const value = Number(prize.value ?? 0);
  return {
    id: String(prize.id),
    odds: typeof prize.odds === 'number' ? prize.odds : undefined,
    isThank: prize.isThank === true,
    unlimitedStock: prize.unlimitedStock === true,
    stock: typeof prize.stock === 'number' ? prize.stock : undefined,
    perUserMax: typeof prize.perUserMax === 'number' ? prize.perUserMax : undefined,
    userType: typeof prize.userType === 'string' && prize.userType ? prize.userType : undefined,
    valueMicros: Number.isFinite(value) && value > 0 ? moneyToMicros(value) : 0,
    isSuper: prize.isSuper === true,
  };
}

function whitelistIds(config: Config): Set<string> {
  const raw = obj(config.whitelist).userIds;
  if (typeof raw !== 'string') return new Set();
  return new Set(
    raw
      .split(';')
      .map((id) => id.trim())
      .filter(Boolean),
  );
}

/**
 * Whether this participant may play now, before chances and budget: the status machine
 * (whitelisted users play while pre-released; everyone once online), the mechanic being playable,
 * and the rights of anonymous visitors (they view and share; a download-or-register campaign asks
 * them to install or sign in first).
 */
export function entryReason(
  campaign: PlayCampaign,
  participant: ParticipantRow | undefined,
  now: Date,
  preview: boolean,
): PlayReason | null {
  const { row, config } = campaign;
  const status = shownStatus(row, now);
  const whitelisted = participant?.user_id != null && whitelistIds(config).has(participant.user_id);
  if (!canJoin(shownState(row), whitelisted, now)) {
    if (preview && status === 'draft') return 'preview';
    if (status === 'draft') return 'draft';
    if (status === 'ended') return 'ended';
    if (status === 'offline') return 'offline';
    if (status === 'prereleased' && now.getTime() >= Date.parse(row.start_time)) return 'whitelistOnly';
    return 'notStarted';
  }
  if (preview) return 'preview';
  if (!campaign.playable) return 'notPlayable';
  if (participant && participant.user_id === null && config.goal === 'download-register')
    return 'loginRequired';
  return null;
}

/** The error key a reason answers with when someone acts anyway. */
export function reasonError(reason: PlayReason) {
  switch (reason) {
    case 'draft':
      return 'notFound' as const;
    default:
      return `play.${reason}` as const;
  }
}
