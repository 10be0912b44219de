import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { randomId } from '../../db/randomId';
import { AppError } from '../../errors';
import type { WithdrawalStatus } from '../adsTables';
import { maskAccount } from './maskAccount';

/** A withdrawal as the cash list shows it. */
export interface WithdrawalView {
  id: string;
  participantId: string;
  code: string;
  userId: string | null;
  amountMicros: number;
  currency: string;
  method: string;
  account: string;
  status: WithdrawalStatus;
  note: string | null;
  createdAt: string;
  reviewedAt: string | null;
}

function withdrawals(db: Kysely<Database>, projectId: string) {
  return db
    .selectFrom('withdrawals')
    .innerJoin('participants', 'participants.id', 'withdrawals.participant_id')
    .where('withdrawals.project_id', '=', projectId);
}

type Joined = Awaited<ReturnType<typeof selectView>>[number];
function selectView(query: ReturnType<typeof withdrawals>) {
  return query
    .select([
      'withdrawals.id as id',
      'withdrawals.participant_id as participantId',
      'participants.code as code',
      'participants.user_id as userId',
      'withdrawals.amount_micros as amountMicros',
      'withdrawals.currency as currency',
      'withdrawals.method as method',
      'withdrawals.account as account',
      'withdrawals.status as status',
      'withdrawals.note as note',
      'withdrawals.created_at as createdAt',
      'withdrawals.reviewed_at as reviewedAt',
    ])
    .execute();
}

const viewOf = (row: Joined, masked: boolean): WithdrawalView => ({
  ...row,
  amountMicros: Number(row.amountMicros),
  account: masked ? maskAccount(row.account) : row.account,
});

/** A page of a project's withdrawals, newest first; the payout account masked unless `full`. */
export async function withdrawalList(
  db: Kysely<Database>,
  projectId: string,
  query: { status?: WithdrawalStatus; page: number; pageSize: number },
  full: boolean,
): Promise<{ items: WithdrawalView[]; total: number }> {
  let scope = withdrawals(db, projectId);
  if (query.status) scope = scope.where('withdrawals.status', '=', query.status);
  const [total, rows] = await Promise.all([
    scope.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
    selectView(
      scope
        .orderBy('withdrawals.created_at', 'desc')
        .orderBy('withdrawals.id', 'desc')
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
    ),
  ]);
  return { items: rows.map((row) => viewOf(row, !full)), total: Number(total.n) };
}

/**
 * Approves or rejects a pending withdrawal, once: the status changes only from `pending` (a
 * conditional update, so of two reviews at once one wins and the other answers 409
 * `ads.notPending`); a rejection gives the money back (a `returned` ledger row of the amount) in
 * the same transaction.
 */
export async function reviewWithdrawal(
  db: Kysely<Database>,
  input: {
    projectId: string;
    id: string;
    decision: 'approve' | 'reject';
    note: string | null;
    reviewerId: string;
    now: string;
  },
): Promise<WithdrawalView> {
  return db.transaction().execute(async (trx) => {
    const changed = await trx
      .updateTable('withdrawals')
      .set({
        status: input.decision === 'approve' ? 'approved' : 'rejected',
        note: input.note,
        reviewed_by: input.reviewerId,
        reviewed_at: input.now,
      })
      .where('id', '=', input.id)
      .where('project_id', '=', input.projectId)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    const [row] = await selectView(withdrawals(trx, input.projectId).where('withdrawals.id', '=', input.id));
    if (!row) throw new AppError('notFound');
    if (Number(changed.numUpdatedRows) === 0) throw new AppError('ads.notPending');
    if (input.decision === 'reject')
      await trx
        .insertInto('offerwall_ledger')
        .values({
          id: randomId(),
          project_id: input.projectId,
          participant_id: row.participantId,
          kind: 'returned',
          amount_micros: Number(row.amountMicros),
          currency: row.currency,
          income_id: null,
          withdrawal_id: row.id,
          created_at: input.now,
        })
        .execute();
    return viewOf(row, false);
  });
}
