import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { advance, raiseRulesOf, type RaiseState } from '../../../engine/play/raise';
import './raiseTables';

type Config = Record<string, unknown>;

/** The steps of the stage funnel, in order. */
export const RAISE_STEPS = ['adopted', 'stage1', 'stage2', 'grown'] as const;

/**
 * A raising's report section, from `play_pets` (one pet per participant who opened the page, with
 * copies of its stage, status, failure and revivals) and `play_pet_helps` (one row per friend, pet
 * and local day).
 */
export interface RaiseReport {
  species: string;
  /** The prize of a grown pet, or null when the config has none. */
  rewardPrizeId: string | null;
  /** Pets adopted (the funnel's top). */
  pets: number;
  /** Pets by the highest stage they reached (a failed pet keeps its stage): adopted, 1, 2, grown. */
  funnel: { step: (typeof RAISE_STEPS)[number]; pets: number }[];
  /**
   * Pets by status now: a growing pet whose bowl emptied or whose time ran out (by now, at most
   * the campaign's end) counts as failed even if nothing touched it since.
   */
  status: { growing: number; failed: number; grown: number };
  /**
   * The failed pets by cause (they add up to `status.failed`). A revived pet's earlier failure
   * is counted in `revivals`; its cause is not kept.
   */
  failures: { starved: number; timeout: number };
  /** Revivals in all, and pets revived at least once. */
  revivals: { revivals: number; pets: number };
  /**
   * Friends' helps: given, succeeded (counted as a valid event; a miss or a help to a failed or
   * grown pet does not), distinct helpers and pets helped.
   */
  helps: { given: number; succeeded: number; helpers: number; pets: number };
  /** Grown pets' rewards: given, or not given and why. */
  rewards: { given: number; outOfStock: number; overBudget: number; noPrize: number };
  /** Valid events counted (the app's, the page's share, successful helps). */
  events: number;
}

const num = (value: unknown) => Number(value ?? 0);

type Db = Kysely<Database>;
type Rules = ReturnType<typeof raiseRulesOf>;

/** Pets, the stages they reached, revivals, events and rewards, from the stored copies. */
function petTotals(db: Db, campaignId: string) {
  return db
    .selectFrom('play_pets')
    .select((eb) => [
      eb.fn.countAll<number>().as('pets'),
      sql<number>`sum(case when stage >= 1 then 1 else 0 end)`.as('stage1'),
      sql<number>`sum(case when stage >= 2 then 1 else 0 end)`.as('stage2'),
      sql<number>`sum(case when stage >= 3 then 1 else 0 end)`.as('grown'),
      eb.fn.sum<number>('revivals').as('revivals'),
      sql<number>`sum(case when revivals > 0 then 1 else 0 end)`.as('revived'),
      eb.fn.sum<number>('events').as('events'),
      sql<number>`sum(case when reward_id is not null and reward_id not like 'none:%' then 1 else 0 end)`.as(
        'rewarded',
      ),
      sql<number>`sum(case when reward_id = 'none:outOfStock' then 1 else 0 end)`.as('outOfStock'),
      sql<number>`sum(case when reward_id = 'none:overBudget' then 1 else 0 end)`.as('overBudget'),
      sql<number>`sum(case when reward_id = 'none:noPrize' then 1 else 0 end)`.as('noPrize'),
    ])
    .where('campaign_id', '=', campaignId)
    .executeTakeFirstOrThrow();
}

/**
 * Pets by status at `atMs`, and the failed ones by cause. Grown and failed pets are final as
 * stored; the stored status of a growing pet is as of its last change, so each is brought forward
 * (only these rows are read).
 */
async function petStatus(
  db: Db,
  campaignId: string,
  rules: Rules,
  atMs: number,
): Promise<Pick<RaiseReport, 'status' | 'failures'>> {
  const settled = await db
    .selectFrom('play_pets')
    .select((eb) => ['status', 'failure', eb.fn.countAll<number>().as('n')])
    .where('campaign_id', '=', campaignId)
    .where('status', '!=', 'growing')
    .groupBy(['status', 'failure'])
    .execute();
  const growing = await db
    .selectFrom('play_pets')
    .select('state')
    .where('campaign_id', '=', campaignId)
    .where('status', '=', 'growing')
    .execute();
  const status = { growing: 0, failed: 0, grown: 0 };
  const failures = { starved: 0, timeout: 0 };
  const count = (state: string, failure: string | null, n: number) => {
    if (state === 'grown') status.grown += n;
    else if (state === 'failed') {
      status.failed += n;
      if (failure === 'starved' || failure === 'timeout') failures[failure] += n;
    } else status.growing += n;
  };
  for (const s of settled) count(s.status, s.failure, num(s.n));
  for (const pet of growing) {
    const state = advance(rules, JSON.parse(pet.state) as RaiseState, atMs);
    count(state.status, state.failure, 1);
  }
  return { status, failures };
}

/** Friends' helps: given, succeeded, distinct helpers and pets helped. */
async function helpTotals(db: Db, campaignId: string): Promise<RaiseReport['helps']> {
  const helps = await db
    .selectFrom('play_pet_helps')
    .select((eb) => [
      eb.fn.countAll<number>().as('given'),
      eb.fn.sum<number>('succeeded').as('succeeded'),
      sql<number>`count(distinct helper_id)`.as('helpers'),
      sql<number>`count(distinct owner_id)`.as('pets'),
    ])
    .where('campaign_id', '=', campaignId)
    .executeTakeFirstOrThrow();
  return {
    given: num(helps.given),
    succeeded: num(helps.succeeded),
    helpers: num(helps.helpers),
    pets: num(helps.pets),
  };
}

export async function raiseReport(
  db: Db,
  row: { id: string; end_time: string },
  config: Config,
  now: Date,
): Promise<RaiseReport> {
  const campaignId = row.id;
  const rules = raiseRulesOf(config);
  const totals = await petTotals(db, campaignId);
  // Time stops at the campaign's end: a pet alive then did not fail within the campaign.
  const { status, failures } = await petStatus(
    db,
    campaignId,
    rules,
    Math.min(now.getTime(), Date.parse(row.end_time)),
  );
  const pets = num(totals.pets);
  return {
    species: rules.species,
    rewardPrizeId: rules.rewardPrizeId,
    pets,
    funnel: [
      { step: 'adopted', pets },
      { step: 'stage1', pets: num(totals.stage1) },
      { step: 'stage2', pets: num(totals.stage2) },
      { step: 'grown', pets: num(totals.grown) },
    ],
    status,
    failures,
    revivals: { revivals: num(totals.revivals), pets: num(totals.revived) },
    helps: await helpTotals(db, campaignId),
    rewards: {
      given: num(totals.rewarded),
      outOfStock: num(totals.outOfStock),
      overBudget: num(totals.overBudget),
      noPrize: num(totals.noPrize),
    },
    events: num(totals.events),
  };
}
