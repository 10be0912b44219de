import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { readAdsSettings } from '../adsSettings';

/** What the offerwall needs of a project's ads settings. */
export interface OfferwallSettings {
  /** The ads module and the offerwall are both on. */
  open: boolean;
  /** The offerwall currency (ISO 4217): rewards, balances and withdrawals are in it. */
  currency: string;
  minWithdrawalMicros: number;
}

/** The offerwall settings of a project (no settings row, or an unknown project: closed). */
export async function offerwallSettings(db: Kysely<Database>, projectId: string): Promise<OfferwallSettings> {
  const settings = await readAdsSettings(db, projectId);
  return {
    open: settings.enabled && settings.offerwallEnabled,
    currency: settings.offerwallCurrency,
    minWithdrawalMicros: settings.minWithdrawalMicros,
  };
}
