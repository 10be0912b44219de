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

/**
 * The offerwall's participants (those with ledger rows), the latest activity first, with their
 * credits, reversals, withdrawals (approved and pending) and balance; `q` searches the user id
 * and the participant code. Totals are the project's, whatever `q`.
 */
export async function offerwallUsers(
  db: Kysely<Database>,
  projectId: string,
  query: { page: number; pageSize: number; q?: string },
): Promise<OfferwallUsersPage> {
  let people = db
    .selectFrom('offerwall_ledger')
    .innerJoin('participants', 'participants.id', 'offerwall_ledger.participant_id')
    .where('offerwall_ledger.project_id', '=', projectId);
  const q = query.q?.trim();
  if (q)
    people = people.where((eb) =>
      eb.or([containsText('participants.user_id', q), containsText('participants.code', q)]),
    );

  const [ledgerTotals, withdrawalTotals, count, page] = await Promise.all([
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
    people
      .select((eb) => eb.fn.count('offerwall_ledger.participant_id').distinct().as('n'))
      .executeTakeFirstOrThrow(),
    people
      .select((eb) => [
        'offerwall_ledger.participant_id as participantId',
        'participants.code as code',
        'participants.user_id as userId',
        sumOf('offerwall_ledger.amount_micros', { column: 'offerwall_ledger.kind', value: 'credit' }).as(
          'earned',
        ),
        sumOf(
          'offerwall_ledger.amount_micros',
          { column: 'offerwall_ledger.kind', value: 'reversal' },
          -1,
        ).as('reversed'),
        eb.fn.sum('offerwall_ledger.amount_micros').as('balance'),
        eb.fn.max('offerwall_ledger.created_at').as('last'),
      ])
      .groupBy(['offerwall_ledger.participant_id', 'participants.code', 'participants.user_id'])
      .orderBy('last', 'desc')
      .orderBy('offerwall_ledger.participant_id')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
  ]);

  const ids = page.map((row) => row.participantId);
  const outs = new Map<string, { withdrawn: number; pending: number }>();
  if (ids.length > 0) {
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
  }
  return {
    totals: {
      users: n(ledgerTotals.users),
      earnedMicros: n(ledgerTotals.earned),
      withdrawnMicros: n(withdrawalTotals.withdrawn),
      balanceMicros: n(ledgerTotals.balance),
      pendingMicros: n(withdrawalTotals.pending),
    },
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
