// The console's side of a prediction or voting campaign: its view (matches with picks, results,
// settlement), entering a match's result (which schedules the settlement once every match has
// one) and settling, by hand or by the scheduler's job. predictRoutes.ts registers the routes.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/tables';
import type { CampaignRow } from '../../db/campaignTables';
import { AppError } from '../../errors';
import { textInLanguage } from '../../lists/textInLanguage';
import { cancelJobs, scheduleJob } from '../../scheduler/scheduledJobs';
import type { SchemaEngine } from '../../../engine/createSchemaEngine';
import { playCampaign, type Config, type PlayCampaign } from '../playCampaign';
import { predictConfig, predictResults, predictTotals } from './predictActions';
import { settlePredict, settlePredictIn, type SettleOutcome } from './predictSettle';
import './predictTables';

/** The scheduler job that settles a prediction once its results are in and its picks have closed. */
export const PREDICT_SETTLE_JOB = 'predict.settle';

/** A last result entered after the draw time still leaves this long to correct it before settling. */
export const CORRECTION_MS = 10 * 60_000;

/** The console's view of a prediction: matches with picks and results, and the settlement. */
export async function predictConsoleView(db: Kysely<Database>, row: CampaignRow, lang: string) {
  const config = JSON.parse(row.config) as Config;
  const rules = predictConfig(config, row.end_time);
  const defaultLanguage = typeof config.defaultLanguage === 'string' ? config.defaultLanguage : 'zh-CN';
  const inLang = (value: unknown) => textInLanguage(value, lang, defaultLanguage);
  const campaignId = row.id;
  const results = await predictResults(db, campaignId);
  const totals = await predictTotals(db, campaignId, rules);
  const pickers = await db
    .selectFrom('play_predict_picks')
    .select((eb) => eb.fn.count<number>('participant_id').distinct().as('n'))
    .where('campaign_id', '=', campaignId)
    .executeTakeFirst();
  const settlement = await db
    .selectFrom('play_predict_settlements')
    .select(['settled_at', 'settled_by', 'winners', 'qualified'])
    .where('campaign_id', '=', campaignId)
    .executeTakeFirst();
  const by = settlement?.settled_by
    ? await db.selectFrom('users').select('name').where('id', '=', settlement.settled_by).executeTakeFirst()
    : undefined;
  return {
    mode: rules.mode,
    method: rules.method,
    closesAt: new Date(rules.closesAtMs).toISOString(),
    matches: rules.matches.map((m) => ({
      id: m.id,
      title: inLang(m.title),
      result: results[m.id] ?? null,
      options: m.options.map((o) => ({ id: o.id, label: inLang(o.label), picks: totals[m.id]?.[o.id] ?? 0 })),
    })),
    pickers: Number(pickers?.n ?? 0),
    settlement: settlement
      ? {
          settledAt: settlement.settled_at,
          winners: settlement.winners,
          qualified: settlement.qualified,
          // A settlement by the scheduler has no person.
          by: by?.name ?? null,
        }
      : null,
  };
}

/** The campaign of a row read for play, when it is a prediction or voting; else 404 `notFound`. */
export function predictCampaignOf(schemas: SchemaEngine, row: CampaignRow): PlayCampaign {
  const campaign = playCampaign(schemas, row);
  if (campaign.mechanic !== 'predict') throw new AppError('notFound');
  return campaign;
}

/** The console view of a campaign, or null for another gameplay (it has no matches: no error). */
export async function predictViewOf(
  db: Kysely<Database>,
  schemas: SchemaEngine,
  row: CampaignRow,
  lang: string,
) {
  if (playCampaign(schemas, row).mechanic !== 'predict') return null;
  return predictConsoleView(db, row, lang);
}

/**
 * Enters (or corrects) a match's result until the campaign is settled: 404 for a match it does
 * not have, 400 `predict.badOption` for an option the match does not have, 409 `predict.settled`.
 * Once every match has a result the settlement job is (re)scheduled at the draw time, or
 * `CORRECTION_MS` after this result when later.
 */
export async function enterResult(
  db: Kysely<Database>,
  campaign: PlayCampaign,
  entry: { matchId: string; optionId: string; userId: string; now: Date },
): Promise<void> {
  const { row } = campaign;
  const rules = predictConfig(campaign.config, row.end_time);
  const match = rules.matches.find((m) => m.id === entry.matchId);
  if (!match) throw new AppError('notFound');
  const { optionId, userId, now } = entry;
  if (!match.options.some((o) => o.id === optionId)) throw new AppError('predict.badOption');
  await db.transaction().execute(async (trx) => {
    const settled = await trx
      .selectFrom('play_predict_settlements')
      .select('campaign_id')
      .where('campaign_id', '=', row.id)
      .executeTakeFirst();
    if (settled) throw new AppError('predict.settled');
    await trx
      .insertInto('play_predict_results')
      .values({
        campaign_id: row.id,
        match_id: match.id,
        project_id: row.project_id,
        option_id: optionId,
        entered_by: userId,
        entered_at: now.toISOString(),
      })
      .onConflict((oc) =>
        oc
          .columns(['campaign_id', 'match_id'])
          .doUpdateSet({ option_id: optionId, entered_by: userId, entered_at: now.toISOString() }),
      )
      .execute();
    const results = await predictResults(trx, row.id);
    if (rules.matches.every((m) => Object.hasOwn(results, m.id))) {
      await cancelJobs(trx as Kysely<Database>, row.id, [PREDICT_SETTLE_JOB], now, 'rescheduled');
      await scheduleJob(trx as Kysely<Database>, {
        projectId: row.project_id,
        kind: PREDICT_SETTLE_JOB,
        subjectId: row.id,
        runAt: new Date(Math.max(now.getTime() + CORRECTION_MS, rules.closesAtMs)),
        createdBy: userId,
        now,
      });
    }
  });
}

interface SettleBy {
  now: Date;
  dbKind: 'sqlite' | 'postgres';
}

/** Settles now, by a person (settling again answers the same settlement). */
export async function settleNow(
  db: Kysely<Database>,
  campaign: PlayCampaign,
  by: string | null,
  options: SettleBy,
): Promise<SettleOutcome> {
  return settlePredict(db, campaign, { ...options, by });
}

/**
 * The settlement job, inside the scheduler's transaction: it reads the campaign and settles
 * through that one. A campaign deleted, a result taken back or a job run early is skipped (the
 * operator settles by hand).
 */
export async function settleJob(
  trx: Transaction<Database>,
  schemas: SchemaEngine,
  campaignId: string,
  options: SettleBy,
): Promise<{ skipped: string } | SettleOutcome> {
  const row = await trx.selectFrom('campaigns').selectAll().where('id', '=', campaignId).executeTakeFirst();
  if (!row) return { skipped: 'campaign deleted' };
  try {
    return await settlePredictIn(trx, predictCampaignOf(schemas, row), { ...options, by: null });
  } catch (error) {
    if (error instanceof AppError) return { skipped: error.key };
    throw error;
  }
}
