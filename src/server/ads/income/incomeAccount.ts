import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { AppError } from '../../errors';

/** What income needs of an ad account (its entity/ad-account config read leniently). */
export interface IncomeAccount {
  id: string;
  projectId: string;
  secret: string;
  /** The currency of amounts sent without one. */
  currency: string;
  /** Addresses and CIDR ranges postbacks may come from; empty = any. */
  allowedIps: string[];
  /** The participant's reward of each offer id, in the offerwall currency (micros). */
  offerRewards: Map<string, number>;
}

type Config = Record<string, unknown>;

function parseConfig(text: string): Config {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Config) : {};
  } catch {
    return {};
  }
}

/** An account row as income reads it. */
export function incomeAccountOf(row: {
  id: string;
  project_id: string;
  secret: string;
  config: string;
}): IncomeAccount {
  const config = parseConfig(row.config);
  const currency =
    typeof config.currency === 'string' && /^[A-Z]{3}$/.test(config.currency) ? config.currency : 'USD';
  const allowedIps = Array.isArray(config.allowedIps)
    ? config.allowedIps.filter((entry): entry is string => typeof entry === 'string' && entry.trim() !== '')
    : [];
  const offerRewards = new Map<string, number>();
  if (Array.isArray(config.offers))
    for (const offer of config.offers as Config[]) {
      const reward = Number(offer?.rewardMicros);
      if (typeof offer?.id === 'string' && Number.isSafeInteger(reward) && reward > 0)
        offerRewards.set(offer.id, reward);
    }
  return { id: row.id, projectId: row.project_id, secret: row.secret, currency, allowedIps, offerRewards };
}

/** An ad account by id (of one project when `projectId` is given), or undefined. */
export async function loadIncomeAccount(
  db: Kysely<Database>,
  id: string,
  projectId?: string,
): Promise<IncomeAccount | undefined> {
  let query = db
    .selectFrom('ad_accounts')
    .select(['id', 'project_id', 'secret', 'config'])
    .where('id', '=', id);
  if (projectId !== undefined) query = query.where('project_id', '=', projectId);
  const row = await query.executeTakeFirst();
  return row ? incomeAccountOf(row) : undefined;
}

/** An ad account of the project, for its income pages; another project's (or no such) id is 404. */
export async function projectIncomeAccount(
  db: Kysely<Database>,
  projectId: string,
  id: string,
): Promise<IncomeAccount> {
  const account = await loadIncomeAccount(db, id, projectId);
  if (!account) throw new AppError('notFound');
  return account;
}
