import type { Kysely } from 'kysely';
import { AppError } from '../errors';
import { randomId } from '../db/randomId';
import type { Database } from '../db/tables';
import type { QuestionBanksTable } from '../db/campaignTables';
import { containsText } from './likePattern';

type Db = Kysely<Database>;

/** How many questions each bank holds. */
async function questionCounts(db: Db, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map<string, number>();
  const rows = await db
    .selectFrom('questions')
    .select(['bank_id', (eb) => eb.fn.countAll().as('n')])
    .where('bank_id', 'in', ids)
    .groupBy('bank_id')
    .execute();
  return new Map(rows.map((r) => [r.bank_id, Number(r.n)]));
}

export function bankView(row: QuestionBanksTable, questionCount: number) {
  return {
    id: row.id,
    name: row.name,
    questionCount,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** A bank's view with its current question count. */
export async function bankAnswer(db: Db, row: QuestionBanksTable) {
  return bankView(row, (await questionCounts(db, [row.id])).get(row.id) ?? 0);
}

/** A bank of the project; another project's (or no such) id answers 404. */
export async function findBank(db: Db, projectId: string, id: string): Promise<QuestionBanksTable> {
  const row = await db
    .selectFrom('question_banks')
    .selectAll()
    .where('id', '=', id)
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  if (!row) throw new AppError('notFound');
  return row;
}

/** One page of the project's banks, newest first, with their question counts. */
export async function listBanks(
  db: Db,
  projectId: string,
  q: { page: number; pageSize: number; q?: string },
) {
  let query = db.selectFrom('question_banks').where('project_id', '=', projectId);
  if (q.q?.trim()) query = query.where(containsText('name', q.q.trim()));
  const total = await query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  const rows = await query
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize)
    .execute();
  const n = await questionCounts(
    db,
    rows.map((r) => r.id),
  );
  return { items: rows.map((r) => bankView(r, n.get(r.id) ?? 0)), total: Number(total.n) };
}

export async function createBank(db: Db, projectId: string, userId: string, name: string, now: Date) {
  const time = now.toISOString();
  const row: QuestionBanksTable = {
    id: randomId(),
    project_id: projectId,
    name: name.trim(),
    created_by: userId,
    created_at: time,
    updated_at: time,
  };
  await db.insertInto('question_banks').values(row).execute();
  return bankView(row, 0);
}

export async function renameBank(db: Db, row: QuestionBanksTable, name: string, now: Date) {
  const updated = { ...row, name: name.trim(), updated_at: now.toISOString() };
  await db
    .updateTable('question_banks')
    .set({ name: updated.name, updated_at: updated.updated_at })
    .where('id', '=', row.id)
    .execute();
  return bankAnswer(db, updated);
}
