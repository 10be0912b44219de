import type { Kysely } from 'kysely';
import { Type } from 'typebox';
import type { Database } from '../db/tables';

/** A project's ads settings (`ads_settings`; no row = these defaults). */
export interface AdsSettings {
  /** The module switch: campaigns following the project, and every strategy, serve only when on. */
  enabled: boolean;
  /** The income report's default currency. */
  currency: string;
  offerwallEnabled: boolean;
  offerwallCurrency: string;
  minWithdrawalMicros: number;
  updatedAt: string | null;
}

export const DEFAULT_ADS_SETTINGS: AdsSettings = {
  enabled: false,
  currency: 'USD',
  offerwallEnabled: false,
  offerwallCurrency: 'USD',
  minWithdrawalMicros: 1_000_000,
  updatedAt: null,
};

const Currency = Type.String({ pattern: '^[A-Z]{3}$', description: 'ISO 4217 code, e.g. USD' });
/** Bigint micros, kept within what a JavaScript number holds exactly. */
const Micros = Type.Integer({ minimum: 0, maximum: 9_000_000_000_000_000 });

/** The writable settings (`PUT /api/ads/settings`); absent fields keep their value. */
export const AdsSettingsBody = Type.Object({
  enabled: Type.Optional(Type.Boolean({ description: 'The module switch' })),
  currency: Type.Optional(Currency),
  offerwallEnabled: Type.Optional(Type.Boolean()),
  offerwallCurrency: Type.Optional(Currency),
  minWithdrawalMicros: Type.Optional(Micros),
});

/** `GET /api/ads/settings`: the settings and the caller's right to change ads functions. */
export const AdsSettingsSchema = Type.Object({
  enabled: Type.Boolean({ description: 'The module switch' }),
  currency: Type.String({ description: "The income report's default currency" }),
  offerwallEnabled: Type.Boolean(),
  offerwallCurrency: Type.String(),
  minWithdrawalMicros: Type.Integer(),
  adsAdvanced: Type.Boolean({ description: 'Whether the caller is an advanced ads user here (SPEC 6)' }),
  updatedAt: Type.Union([Type.String(), Type.Null()]),
});

/** The project's ads settings (the defaults when it never saved any). */
export async function readAdsSettings(db: Kysely<Database>, projectId: string): Promise<AdsSettings> {
  const row = await db
    .selectFrom('ads_settings')
    .selectAll()
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  if (!row) return { ...DEFAULT_ADS_SETTINGS };
  return {
    enabled: Number(row.enabled) === 1,
    currency: row.currency,
    offerwallEnabled: Number(row.offerwall_enabled) === 1,
    offerwallCurrency: row.offerwall_currency,
    // PostgreSQL answers bigint as a string.
    minWithdrawalMicros: Number(row.min_withdrawal_micros),
    updatedAt: row.updated_at,
  };
}

/** Saves the whole settings row (insert or replace). */
export async function writeAdsSettings(
  db: Kysely<Database>,
  projectId: string,
  settings: AdsSettings,
  by: string,
  time: string,
): Promise<void> {
  const values = {
    enabled: settings.enabled ? 1 : 0,
    currency: settings.currency,
    offerwall_enabled: settings.offerwallEnabled ? 1 : 0,
    offerwall_currency: settings.offerwallCurrency,
    min_withdrawal_micros: settings.minWithdrawalMicros,
    updated_at: time,
    updated_by: by,
  };
  await db
    .insertInto('ads_settings')
    .values({ project_id: projectId, ...values })
    .onConflict((oc) => oc.column('project_id').doUpdateSet(values))
    .execute();
}
