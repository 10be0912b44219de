import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';

/** The ads settings income and the cash pages read (defaults while the project has no row). */
export interface IncomeSettings {
  /** The income report's default currency. */
  currency: string;
  /** What offer rewards, balances and withdrawals are counted in. */
  offerwallCurrency: string;
}

/** A project's ads settings as income reads them. */
export async function incomeSettings(db: Kysely<Database>, projectId: string): Promise<IncomeSettings> {
  const row = await db
    .selectFrom('ads_settings')
    .select(['currency', 'offerwall_currency'])
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  return { currency: row?.currency ?? 'USD', offerwallCurrency: row?.offerwall_currency ?? 'USD' };
}
