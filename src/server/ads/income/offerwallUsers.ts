import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { containsText } from '../../lists/likePattern';

/** One participant of the offerwall: what they earned, lost, took out and hold. */
export interface OfferwallUser {
  participantId: string;
  code: string;
  userId: string | null;
  /** Offer credits. */
  earnedMicros: number;
  /** Credits taken back by reversals (positive). */
  reversedMicros: number;
  /** Approved withdrawals. */
  withdrawnMicros: number;
  /** Withdrawals waiting for review (already out of the balance). */
  pendingMicros: number;
  /** The ledger's sum. */
  balanceMicros: number;
  lastActivityAt: string;
}

export interface OfferwallUsersPage {
  totals: {
    users: number;
    earnedMicros: number;
    withdrawnMicros: number;
    balanceMicros: number;
    pendingMicros: number;
  };
  items: OfferwallUser[];
  total: number;
}

const sumOf = (column: string, when: { column: string; value: string }, sign = 1) =>
  sql<
    string | number | null
  >`sum(case when ${sql.ref(when.column)} = ${when.value} then ${sql.ref(column)} * ${sql.lit(sign)} else 0 end)`;
const n = (value: unknown) => Number(value ?? 0);

type Db = Kysely<Database>;

/** The project's totals: users, credits and balance from the ledger, withdrawals by status. */
async function offerwallTotals(db: Db, projectId: string): Promise<OfferwallUsersPage['totals']> {
  const [ledger, withdrawals] = await Promise.all([
    db
      .selectFrom('offerwall_ledger')
      .where('project_id', '=', projectId)
      .select((eb) => [
        eb.fn.count('participant_id').distinct().as('users'),
        sumOf('amount_micros', { column: 'kind', value: 'credit' }).as('earned'),
        eb.fn.sum('amount_micros').as('balance'),
      ])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('withdrawals')
      .where('project_id', '=', projectId)
      .select([
        sumOf('amount_micros', { column: 'status', value: 'approved' }).as('withdrawn'),
        sumOf('amount_micros', { column: 'status', value: 'pending' }).as('pending'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  return {
    users: n(ledger.users),
    earnedMicros: n(ledger.earned),
    withdrawnMicros: n(withdrawals.withdrawn),
    balanceMicros: n(ledger.balance),
    pendingMicros: n(withdrawals.pending),
  };
}

/** The ledger rows of the project's participants, those `q` finds (user id or code) when given. */
function peopleOf(db: Db, projectId: string, q: string | undefined) {
  const people = db
    .selectFrom('offerwall_ledger')
    .innerJoin('participants', 'participants.id', 'offerwall_ledger.participant_id')
    .where('offerwall_ledger.project_id', '=', projectId);
  return q
    ? people.where((eb) =>
        eb.or([containsText('participants.user_id', q), containsText('participants.code', q)]),
      )
    : people;
}

/** One page of participants, the latest activity first, with their ledger sums. */
function ledgerPage(people: ReturnType<typeof peopleOf>, query: { page: number; pageSize: number }) {
  return people
    .select((eb) => [
      'offerwall_ledger.participant_id as participantId',
      'participants.code as code',
      'participants.user_id as userId',
      sumOf('offerwall_ledger.amount_micros', { column: 'offerwall_ledger.kind', value: 'credit' }).as(
        'earned',
      ),
      sumOf('offerwall_ledger.amount_micros', { column: 'offerwall_ledger.kind', value: 'reversal' }, -1).as(
        'reversed',
      ),
      eb.fn.sum('offerwall_ledger.amount_micros').as('balance'),
      eb.fn.max('offerwall_ledger.created_at').as('last'),
    ])
    .groupBy(['offerwall_ledger.participant_id', 'participants.code', 'participants.user_id'])
    .orderBy('last', 'desc')
    .orderBy('offerwall_ledger.participant_id')
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
    .execute();
}

/** Approved and pending withdrawals of these participants. */
async function withdrawalsOf(
  db: Db,
  projectId: string,
  ids: readonly string[],
): Promise<Map<string, { withdrawn: number; pending: number }>> {
  const outs = new Map<string, { withdrawn: number; pending: number }>();
  if (ids.length === 0) return outs;
  const rows = await db
    .selectFrom('withdrawals')
    .where('project_id', '=', projectId)
    .where('participant_id', 'in', ids)
    .select([
      'participant_id',
      sumOf('amount_micros', { column: 'status', value: 'approved' }).as('withdrawn'),
      sumOf('amount_micros', { column: 'status', value: 'pending' }).as('pending'),
    ])
    .groupBy('participant_id')
    .execute();
  for (const row of rows)
    outs.set(row.participant_id, { withdrawn: n(row.withdrawn), pending: n(row.pending) });
  return outs;
}

/**
 * The offerwall's participants (those with ledger rows), the latest activity first, with their
 * credits, reversals, withdrawals (approved and pending) and balance; `q` searches the user id
 * and the participant code. Totals are the project's, whatever `q`.
 */
export async function offerwallUsers(
  db: Db,
  projectId: string,
  query: { page: number; pageSize: number; q?: string },
): Promise<OfferwallUsersPage> {
  const people = peopleOf(db, projectId, query.q?.trim());
  const [totals, count, page] = await Promise.all([
    offerwallTotals(db, projectId),
    people
      .select((eb) => eb.fn.count('offerwall_ledger.participant_id').distinct().as('n'))
      .executeTakeFirstOrThrow(),
    ledgerPage(people, query),
  ]);
  const outs = await withdrawalsOf(
    db,
    projectId,
    page.map((row) => row.participantId),
  );
  return {
    totals,
    items: page.map((row) => ({
      participantId: row.participantId,
      code: row.code,
      userId: row.userId,
      earnedMicros: n(row.earned),
      reversedMicros: n(row.reversed),
      withdrawnMicros: outs.get(row.participantId)?.withdrawn ?? 0,
      pendingMicros: outs.get(row.participantId)?.pending ?? 0,
      balanceMicros: n(row.balance),
      lastActivityAt: String(row.last),
    })),
    total: n(count.n),
  };
}
