import type { Kysely } from 'kysely';
import { validationMessage } from '../../engine/validation/localizeErrors';
import type { Lang } from '../../engine/validation/lang';
import { localDayStartMs, localIsoTime } from '../../engine/rules/timeZone';
import { AppError, fieldError } from '../errors';
import type { Database } from '../db/tables';
import type { SubmissionState } from '../db/campaignTables';
import { toCsv } from '../http/toCsv';

type Db = Kysely<Database>;

const DAY_MS = 86_400_000;

// Column and state words of the export, in the caller's language (X-Lang).
const CSV_WORDS: Record<Lang, { columns: string[]; pending: string; submitted: string }> = {
  'zh-CN': {
    columns: ['参与者', '活动', '状态', '创建时间', '提交时间'],
    pending: '待提交',
    submitted: '已提交',
  },
  'en-US': {
    columns: ['Participant', 'Campaign', 'State', 'Created', 'Submitted'],
    pending: 'Pending',
    submitted: 'Submitted',
  },
};

export interface RewardForm {
  id: string;
  config: string;
}

/** A reward form of the project; another project's (or no such) id answers 404. */
export async function findForm(db: Db, projectId: string, id: string): Promise<RewardForm> {
  const form = await db
    .selectFrom('reward_forms')
    .select(['id', 'config'])
    .where('id', '=', id)
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  if (!form) throw new AppError('notFound');
  return form;
}

/** The stored answers as label -> text (values that are not text written as JSON). */
export function valuesOf(answers: string | null): Record<string, string> {
  const parsed = answers ? (JSON.parse(answers) as Record<string, unknown>) : {};
  return Object.fromEntries(
    Object.entries(parsed).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
  );
}

/** One page of a form's submissions, newest first. */
export async function listSubmissions(
  db: Db,
  formId: string,
  q: { state?: SubmissionState; page: number; pageSize: number },
) {
  let query = db.selectFrom('reward_form_submissions').where('form_id', '=', formId);
  if (q.state) query = query.where('state', '=', q.state);
  const total = await query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  const rows = await query
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize)
    .execute();
  return {
    items: rows.map((r) => ({
      id: r.id,
      campaignId: r.campaign_id,
      participant: r.participant,
      state: r.state,
      values: valuesOf(r.answers),
      createdAt: r.created_at,
      submittedAt: r.submitted_at,
    })),
    total: Number(total.n),
  };
}

/**
 * The start of a day of `zone` (`plus` days later) as an ISO time; a day that is no calendar
 * day answers 400 at `/querystring/<field>`.
 */
export function dayStartIso(day: string, field: string, zone: string, plus = 0): string {
  const ms = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== day)
    throw fieldError((lang) => [
      { path: `/querystring/${field}`, message: validationMessage('format.date', lang) },
    ]);
  return new Date(localDayStartMs(Math.floor(ms / DAY_MS) + plus, zone)).toISOString();
}

export interface SubmissionExport {
  state?: SubmissionState;
  /** First and last day (included) of the project's time zone. */
  start_time?: string;
  end_time?: string;
}

/**
 * The CSV of a form's submissions, oldest first: participant, campaign, state, times in `zone`,
 * then one column per form item, headed in `lang`.
 */
export async function submissionsCsv(
  db: Db,
  form: RewardForm,
  q: SubmissionExport,
  zone: string,
  lang: Lang,
): Promise<string> {
  let query = db
    .selectFrom('reward_form_submissions')
    .leftJoin('campaigns', 'campaigns.id', 'reward_form_submissions.campaign_id')
    .select([
      'reward_form_submissions.participant',
      'reward_form_submissions.state',
      'reward_form_submissions.answers',
      'reward_form_submissions.created_at',
      'reward_form_submissions.submitted_at',
      'campaigns.title as campaign_title',
    ])
    .where('reward_form_submissions.form_id', '=', form.id);
  if (q.state) query = query.where('reward_form_submissions.state', '=', q.state);
  if (q.start_time)
    query = query.where(
      'reward_form_submissions.created_at',
      '>=',
      dayStartIso(q.start_time, 'start_time', zone),
    );
  if (q.end_time)
    query = query.where(
      'reward_form_submissions.created_at',
      '<',
      dayStartIso(q.end_time, 'end_time', zone, 1),
    );
  const local = (iso: string | null) => (iso ? localIsoTime(Date.parse(iso), zone) : iso);
  const rows = await query.orderBy('reward_form_submissions.created_at').execute();
  const items = (JSON.parse(form.config) as { items?: { label?: unknown }[] }).items ?? [];
  const labels = items.map((item) => String(item.label ?? ''));
  const words = CSV_WORDS[lang];
  return toCsv(
    [...words.columns, ...labels],
    rows.map((r) => {
      const values = valuesOf(r.answers);
      return [
        r.participant,
        r.campaign_title,
        words[r.state],
        local(r.created_at),
        local(r.submitted_at),
        ...labels.map((l) => values[l]),
      ];
    }),
  );
}
