// Reward records as the console reads and moves them: the project's records by campaign, status,
// prize, user and creation days; one record with its deliveries and every attempt; a manual award
// of a customer-service prize; a failed callback sent again; the CSV of the records.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { randomId } from '../../db/randomId';
import { AppError } from '../../errors';
import type { Lang } from '../../../engine/validation/lang';
import { localIsoTime } from '../../../engine/rules/timeZone';
import type { CsvCell } from '../../http/toCsv';
import { STATUS_WORDS, statusDetailText } from './rewardTexts';
import type { AwardStatus, RewardRecordRow } from '../playTables';

type Db = Kysely<Database>;

/** The filters of the record list and its export. */
export interface RewardFilters {
  campaignId?: string;
  status?: string;
  prizeId?: string;
  userId?: string;
}

/** A creation-time range, UTC. */
export interface TimeRange {
  startIso: string;
  endIso: string;
}

/** A record with its campaign's title and its participant's code, as the lists read it. */
export type ListedRecord = RewardRecordRow & { campaign_title: string; participant_code: string };

/** The project's records matching the filters (a query to select from). */
export function rewardQuery(db: Db, projectId: string, q: RewardFilters, range?: TimeRange) {
  let query = db
    .selectFrom('reward_records as r')
    .innerJoin('campaigns as c', 'c.id', 'r.campaign_id')
    .innerJoin('participants as p', 'p.id', 'r.participant_id')
    .where('r.project_id', '=', projectId);
  if (q.campaignId) query = query.where('r.campaign_id', '=', q.campaignId);
  if (q.status) query = query.where('r.award_status', '=', q.status as AwardStatus);
  if (q.prizeId) query = query.where('r.prize_id', '=', q.prizeId);
  if (q.userId) query = query.where('r.user_id', '=', q.userId);
  if (range)
    query = query.where('r.created_at', '>=', range.startIso).where('r.created_at', '<', range.endIso);
  return query;
}

/** The records matching the filters, with their campaign title and participant code. */
export function listedRecords(db: Db, projectId: string, q: RewardFilters, range?: TimeRange) {
  return rewardQuery(db, projectId, q, range)
    .selectAll('r')
    .select(['c.title as campaign_title', 'p.code as participant_code']);
}

/** One record of the project (404 otherwise). */
export async function loadReward(db: Db, projectId: string, id: string): Promise<ListedRecord> {
  const [record] = await listedRecords(db, projectId, {}).where('r.id', '=', id).execute();
  if (!record) throw new AppError('notFound');
  return record;
}

/** The console's rows of records: delivery attempts counted, form states and awarders named. */
export async function rewardRows(db: Db, records: ListedRecord[], lang: Lang) {
  const ids = records.map((r) => r.id);
  const attempts = ids.length
    ? await db
        .selectFrom('reward_deliveries as d')
        .innerJoin('reward_delivery_attempts as a', 'a.delivery_id', 'd.id')
        .select(['d.reward_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('d.reward_id', 'in', ids)
        .groupBy('d.reward_id')
        .execute()
    : [];
  const submissionIds = records.map((r) => r.form_submission_id).filter((id): id is string => !!id);
  const submissions = submissionIds.length
    ? await db
        .selectFrom('reward_form_submissions')
        .select(['id', 'state'])
        .where('id', 'in', submissionIds)
        .execute()
    : [];
  const awarders = [...new Set(records.map((r) => r.awarded_by).filter((id): id is string => !!id))];
  const users = awarders.length
    ? await db.selectFrom('users').select(['id', 'name']).where('id', 'in', awarders).execute()
    : [];
  const attemptsOf = new Map(attempts.map((a) => [a.reward_id, Number(a.n)]));
  const stateOf = new Map(submissions.map((s) => [s.id, s.state]));
  const userOf = new Map(users.map((u) => [u.id, u]));
  return records.map((r) => ({
    id: r.id,
    campaignId: r.campaign_id,
    campaignTitle: r.campaign_title,
    prizeId: r.prize_id,
    prizeName: r.prize_name,
    deliveryType: r.delivery_type,
    awardStatus: r.award_status,
    heldAt: r.held_at,
    statusDetail: statusDetailText(r.status_detail, lang),
    userId: r.user_id,
    participantCode: r.participant_code,
    superior: r.superior,
    isNewUser: r.is_new_user === 1,
    channel: r.channel,
    method: r.method,
    os: r.os,
    country: r.country,
    timeZone: r.time_zone,
    couponCode: r.coupon_code,
    formSubmission: r.form_submission_id
      ? { id: r.form_submission_id, state: stateOf.get(r.form_submission_id) ?? 'pending' }
      : null,
    attempts: attemptsOf.get(r.id) ?? 0,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    awardedBy: r.awarded_by ? (userOf.get(r.awarded_by) ?? null) : null,
    awardedAt: r.awarded_at,
  }));
}

/** One record's row with its deliveries and every attempt of each. */
export async function rewardDetail(db: Db, projectId: string, id: string, lang: Lang) {
  const record = await loadReward(db, projectId, id);
  const deliveries = await db
    .selectFrom('reward_deliveries')
    .selectAll()
    .where('reward_id', '=', id)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const attempts = deliveries.length
    ? await db
        .selectFrom('reward_delivery_attempts')
        .selectAll()
        .where(
          'delivery_id',
          'in',
          deliveries.map((d) => d.id),
        )
        .orderBy('attempt')
        .execute()
    : [];
  const [row] = await rewardRows(db, [record], lang);
  return {
    ...row,
    deliveries: deliveries.map((d) => ({
      id: d.id,
      url: d.url,
      state: d.state,
      createdAt: d.created_at,
      finishedAt: d.finished_at,
      attempts: attempts
        .filter((a) => a.delivery_id === d.id)
        .map((a) => ({
          attempt: a.attempt,
          at: a.at,
          httpStatus: a.http_status,
          answer: a.answer,
          error: a.error,
          durationMs: a.duration_ms,
        })),
    })),
  };
}

/**
 * A pending customer-service record marked awarded by `userId` (409 `reward.illegalStatus`
 * otherwise; 409 `reward.onHold` while it is on hold: release it first).
 */
export async function awardReward(db: Db, record: RewardRecordRow, userId: string, now: Date): Promise<void> {
  if (record.held_at !== null) throw new AppError('reward.onHold');
  const at = now.toISOString();
  const written = await db
    .updateTable('reward_records')
    .set({ award_status: 'manual', awarded_by: userId, awarded_at: at, updated_at: at })
    .where('id', '=', record.id)
    .where('award_status', '=', 'pending')
    .where('delivery_type', '=', 'customer-service')
    .where('held_at', 'is', null)
    .executeTakeFirst();
  if (Number(written.numUpdatedRows) !== 1) throw new AppError('reward.illegalStatus');
}

/**
 * A failed callback record sent again: a new delivery of the last one's body and address, the
 * record pending until it is sent. Claimed by one conditional update, so a second click finds the
 * record pending (409 `reward.illegalStatus`). Answers the new delivery's id.
 */
export async function reissueReward(db: Db, record: RewardRecordRow, now: Date): Promise<string> {
  const last = await db
    .selectFrom('reward_deliveries')
    .selectAll()
    .where('reward_id', '=', record.id)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (record.award_status !== 'failure' || !last || last.state !== 'failure')
    throw new AppError('reward.illegalStatus');
  const deliveryId = randomId();
  const moved = await db.transaction().execute(async (trx) => {
    const changed = await trx
      .updateTable('reward_records')
      .set({ award_status: 'pending', updated_at: now.toISOString() })
      .where('id', '=', record.id)
      .where('award_status', '=', 'failure')
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) !== 1) return false;
    await trx
      .insertInto('reward_deliveries')
      .values({
        id: deliveryId,
        project_id: record.project_id,
        reward_id: record.id,
        url: last.url,
        payload: last.payload,
        state: 'pending',
        attempts: 0,
        next_at: now.toISOString(),
        created_at: now.toISOString(),
        finished_at: null,
      })
      .execute();
    return true;
  });
  if (!moved) throw new AppError('reward.illegalStatus');
  return deliveryId;
}

/** One CSV row of a record, in the console language, its time in the project's zone. */
export function rewardCsvRow(r: ListedRecord, lang: Lang, zone: string): CsvCell[] {
  return [
    r.id,
    r.campaign_title,
    r.prize_name,
    r.user_id,
    r.participant_code,
    STATUS_WORDS[lang][r.award_status],
    statusDetailText(r.status_detail, lang),
    r.delivery_type,
    r.coupon_code,
    r.superior,
    r.is_new_user === 1 ? (lang === 'zh-CN' ? '是' : 'yes') : lang === 'zh-CN' ? '否' : 'no',
    r.channel,
    r.method,
    r.os,
    r.country,
    r.time_zone,
    localIsoTime(Date.parse(r.created_at), zone),
  ];
}
