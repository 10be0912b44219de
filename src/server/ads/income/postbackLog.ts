import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { randomId } from '../../db/randomId';
import type { PostbackOutcome } from '../adsTables';

/** Why a postback was refused (the log's `reason`). */
export type RefusalReason = 'address' | 'signature' | 'invalid' | 'unknownTransaction';

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;

/** A txid as the log keeps it: what was sent, control characters dropped, at most 100 characters. */
export function loggedTxid(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.replace(CONTROL, '').trim().slice(0, 100);
  return text || null;
}

let sequence = 0;

/**
 * A log id that sorts by time, then by arrival on this server (a burst within one millisecond
 * keeps its order), then at random.
 */
export function postbackLogId(timeMs: number): string {
  sequence = (sequence + 1) % 36 ** 4;
  return `${timeMs.toString(36).padStart(9, '0')}${sequence.toString(36).padStart(4, '0')}${randomId().slice(0, 8)}`;
}

/** One line of an account's postback log (a log only: counted nowhere). */
export async function logPostback(
  db: Kysely<Database>,
  entry: {
    projectId: string;
    accountId: string;
    time: string;
    ip: string;
    outcome: PostbackOutcome;
    reason?: RefusalReason;
    txid: string | null;
  },
): Promise<void> {
  await db
    .insertInto('ad_postbacks')
    .values({
      id: postbackLogId(Date.parse(entry.time)),
      project_id: entry.projectId,
      account_id: entry.accountId,
      time: entry.time,
      ip: entry.ip.slice(0, 64),
      outcome: entry.outcome,
      reason: entry.reason ?? null,
      txid: entry.txid,
    })
    .execute();
}

/** One page of an account's postback log, newest first, with the number of lines. */
export async function postbackLogPage(
  db: Kysely<Database>,
  projectId: string,
  accountId: string,
  page: { page: number; pageSize: number },
) {
  const scope = db
    .selectFrom('ad_postbacks')
    .where('project_id', '=', projectId)
    .where('account_id', '=', accountId);
  const [total, rows] = await Promise.all([
    scope.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
    scope
      .select(['id', 'time', 'ip', 'outcome', 'reason', 'txid'])
      .orderBy('time', 'desc')
      .orderBy('id', 'desc')
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize)
      .execute(),
  ]);
  return { items: rows, total: Number(total.n) };
}
