import type { Kysely } from 'kysely';
import { checkBlockValue, type BlockKind, type BlockValueProblem } from '../../engine/risk/checkBlockValue';
import { validationMessage } from '../../engine/validation/localizeErrors';
import type { Database } from '../db/tables';
import { randomId } from '../db/randomId';
import { AppError } from '../errors';
import { containsText, pageWindow } from '../links/listQuery';
import { forgetBlocklist } from './blocklistOf';
import { recordRiskDecision, recordRiskDecisions } from './riskAudit';
import type { RiskBlocklistTable } from './riskTables';

/** Refused values an answer lists (the count in the message is all of them). */
export const MAX_LISTED_PROBLEMS = 100;

/** A blocklist entry as the console sees it. */
export interface BlockEntryView {
  id: string;
  kind: BlockKind;
  value: string;
  note: string | null;
  createdBy: { id: string; name: string } | null;
  createdAt: string;
}

/** What the console sends to add entries: one kind, one or many values (a line each), a note. */
export interface BlockInput {
  kind: BlockKind;
  values: string[];
  note?: string;
}

/** The member acting. */
export interface Actor {
  id: string;
  name: string;
}

function view(row: RiskBlocklistTable, createdBy: Actor | null): BlockEntryView {
  return {
    id: row.id,
    kind: row.kind,
    value: row.value,
    note: row.note,
    createdBy,
    createdAt: row.created_at,
  };
}

/** A page of the project's blocklist, newest first, narrowed to a kind and to `q` in the value or note. */
export async function listBlocklist(
  db: Kysely<Database>,
  projectId: string,
  filter: { page?: number; pageSize?: number; kind?: BlockKind; q?: string },
): Promise<{ items: BlockEntryView[]; total: number }> {
  let query = db.selectFrom('risk_blocklist').where('risk_blocklist.project_id', '=', projectId);
  if (filter.kind) query = query.where('risk_blocklist.kind', '=', filter.kind);
  const q = filter.q?.trim();
  if (q)
    query = query.where((eb) =>
      eb.or([containsText('risk_blocklist.value', q), containsText('risk_blocklist.note', q)]),
    );
  const { limit, offset } = pageWindow(filter);
  const [rows, total] = await Promise.all([
    query
      .leftJoin('users', 'users.id', 'risk_blocklist.created_by')
      .selectAll('risk_blocklist')
      .select('users.name as creator_name')
      .orderBy('risk_blocklist.created_at', 'desc')
      .orderBy('risk_blocklist.id')
      .limit(limit)
      .offset(offset)
      .execute(),
    query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map((row) =>
      view(
        row,
        row.created_by && row.creator_name !== null ? { id: row.created_by, name: row.creator_name } : null,
      ),
    ),
    total: Number(total.n),
  };
}

/** 400 `risk.valuesInvalid`: every refused value at `/values/{i}`, nothing added. */
function valuesInvalid(problems: { index: number; problem: BlockValueProblem }[]): AppError {
  return new AppError('risk.valuesInvalid', {
    params: { count: problems.length },
    errors: (lang) =>
      problems.slice(0, MAX_LISTED_PROBLEMS).map(({ index, problem }) => ({
        path: `/values/${index}`,
        message: validationMessage(problem.messageKey, lang, problem.params),
      })),
  });
}

/**
 * Adds values of one kind to the project's blocklist, each checked by `checkBlockValue` first:
 * any refused value refuses them all (400 `risk.valuesInvalid`). A value already listed, or
 * repeated in the input (as normalized: `203.0.113.7/24` repeats `203.0.113.0/24`), is answered
 * in `duplicates` and added once. Each added entry writes a `block.add` audit row in the same
 * transaction; this server's cached blocklist of the project is cleared after it.
 */
export async function addToBlocklist(
  db: Kysely<Database>,
  projectId: string,
  input: BlockInput,
  actor: Actor,
  now: Date,
): Promise<{ added: BlockEntryView[]; duplicates: string[] }> {
  const problems: { index: number; problem: BlockValueProblem }[] = [];
  // Normalized values in input order, once each, and how often each was given.
  const given = new Map<string, number>();
  input.values.forEach((text, index) => {
    const checked = checkBlockValue(input.kind, text);
    if (!checked.ok) problems.push({ index, problem: checked.problem });
    else given.set(checked.value, (given.get(checked.value) ?? 0) + 1);
  });
  if (problems.length > 0) throw valuesInvalid(problems);

  const note = input.note?.trim() || null;
  const time = now.toISOString();
  const rows: RiskBlocklistTable[] = [...given.keys()].map((value) => ({
    id: randomId(),
    project_id: projectId,
    kind: input.kind,
    value,
    note,
    created_by: actor.id,
    created_at: time,
  }));
  const added = await db.transaction().execute(async (trx) => {
    const inserted = new Set(
      (
        await trx
          .insertInto('risk_blocklist')
          .values(rows)
          .onConflict((oc) => oc.columns(['project_id', 'kind', 'value']).doNothing())
          .returning('id')
          .execute()
      ).map((r) => r.id),
    );
    const out = rows.filter((row) => inserted.has(row.id));
    await recordRiskDecisions(
      trx,
      out.map((row) => ({
        projectId,
        action: 'block.add' as const,
        subject: row.value,
        detail: { entryId: row.id, kind: row.kind, value: row.value, note: row.note },
        actorId: actor.id,
        now,
      })),
    );
    return out;
  });
  if (added.length > 0) forgetBlocklist(db, projectId);
  const fresh = new Set(added.map((row) => row.value));
  return {
    added: added.map((row) => view(row, actor)),
    duplicates: [...given].filter(([value, times]) => !fresh.has(value) || times > 1).map(([value]) => value),
  };
}

/**
 * Removes an entry (404 if the project has none with this id), with a `block.remove` audit row in
 * the same transaction; this server's cached blocklist of the project is cleared after it.
 */
export async function removeFromBlocklist(
  db: Kysely<Database>,
  projectId: string,
  id: string,
  actor: Actor,
  now: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .deleteFrom('risk_blocklist')
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw new AppError('notFound');
    await recordRiskDecision(trx, {
      projectId,
      action: 'block.remove',
      subject: row.value,
      detail: { entryId: row.id, kind: row.kind, value: row.value, note: row.note },
      actorId: actor.id,
      now,
    });
  });
  forgetBlocklist(db, projectId);
}
