// A participant's sign-in in one campaign as one row (`play_checkin_summaries`, m0030): the state
// after their check-ins (cycle, cycle day, streaks, total, last day, the cycle's make-ups) under
// the campaign's rules, and the current cycle's check-ins. The check-in action updates it in the
// transaction that writes the day's row, under the participant's entry lock; a missing row (a
// participant who checked in before the table existed) is rebuilt from `play_checkins` on first
// read and stored, and one kept under other rules (the campaign's cycle, reset, loop or make-up
// rules changed) is rebuilt the same way.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/tables';
import { replayCheckIns, type CheckInRules, type CheckInState } from '../../../engine/play/checkIn';
import './checkInTables';

type Db = Kysely<Database> | Transaction<Database>;

/** A check-in of the current cycle, as the page lists it. */
export interface CycleDay {
  day: string;
  position: number;
  makeUp: boolean;
}

export interface CheckInSummary {
  readonly kind: 'checkIn';
  /** The rules the state was replayed under (rulesKey). */
  rules: string;
  state: CheckInState;
  /** The check-ins whose row is of the state's cycle, in day order. */
  days: CycleDay[];
  /** The latest day of any check-in row, and the highest cycle any row was written in. */
  lastRowDay: string | null;
  maxCycle: number;
}

/** Whether a value is a check-in summary (an action's outcome of the check-in module). */
export function isCheckInSummary(value: unknown): value is CheckInSummary {
  return !!value && typeof value === 'object' && (value as { kind?: unknown }).kind === 'checkIn';
}

/** The rules a replay of check-ins depends on (a summary under other rules is rebuilt). */
export function rulesKey(rules: CheckInRules): string {
  return JSON.stringify([rules.cycleDays, rules.resetMode, rules.loop, rules.allowMakeUp, rules.makeUpLimit]);
}

/** Where a summary belongs. */
export interface CheckInOwner {
  campaignId: string;
  projectId: string;
  participantId: string;
}

/** The summary rebuilt from the participant's check-in rows. */
export async function rebuildCheckInSummary(
  db: Db,
  owner: CheckInOwner,
  rules: CheckInRules,
): Promise<CheckInSummary> {
  const rows = await db
    .selectFrom('play_checkins')
    .select(['day', 'make_up', 'cycle', 'position'])
    .where('campaign_id', '=', owner.campaignId)
    .where('participant_id', '=', owner.participantId)
    .orderBy('day')
    .execute();
  const state = replayCheckIns(
    rules,
    rows.map((r) => ({ day: r.day, makeUp: r.make_up === 1 })),
  );
  return {
    kind: 'checkIn',
    rules: rulesKey(rules),
    state,
    days: rows
      .filter((r) => r.cycle === state.cycle)
      .map((r) => ({ day: r.day, position: r.position, makeUp: r.make_up === 1 })),
    lastRowDay: rows.length > 0 ? rows[rows.length - 1].day : null,
    maxCycle: rows.reduce((max, r) => Math.max(max, r.cycle), -1),
  };
}

function summaryRow(owner: CheckInOwner, summary: CheckInSummary, now: Date) {
  const { kind: _kind, ...kept } = summary;
  return {
    campaign_id: owner.campaignId,
    participant_id: owner.participantId,
    project_id: owner.projectId,
    summary: JSON.stringify(kept),
    updated_at: now.toISOString(),
  };
}

/**
 * The participant's check-in summary under the campaign's rules: the stored row, or rebuilt from
 * the check-ins. A missing row is stored (kept if another writer stored one meanwhile: it was
 * rebuilt from the same rows); one kept under other rules is stored again only by the next
 * check-in, which writes it under the entry lock (and passes `storeMissing` false: it stores the
 * summary with its check-in).
 */
export async function readCheckInSummary(
  db: Db,
  owner: CheckInOwner,
  rules: CheckInRules,
  now: Date,
  storeMissing = true,
): Promise<CheckInSummary> {
  const row = await db
    .selectFrom('play_checkin_summaries')
    .select('summary')
    .where('campaign_id', '=', owner.campaignId)
    .where('participant_id', '=', owner.participantId)
    .executeTakeFirst();
  if (row) {
    const stored = { kind: 'checkIn', ...JSON.parse(row.summary) } as CheckInSummary;
    if (stored.rules === rulesKey(rules)) return stored;
    return rebuildCheckInSummary(db, owner, rules);
  }
  const rebuilt = await rebuildCheckInSummary(db, owner, rules);
  if (!storeMissing) return rebuilt;
  await db
    .insertInto('play_checkin_summaries')
    .values(summaryRow(owner, rebuilt, now))
    .onConflict((oc) => oc.columns(['campaign_id', 'participant_id']).doNothing())
    .execute();
  return rebuilt;
}

/** A check-in row just written: its day, whether a make-up, and the state it was written with. */
export interface WrittenCheckIn {
  day: string;
  makeUp: boolean;
  state: CheckInState;
}

/**
 * The summary after a check-in row written in the caller's transaction, stored there. A day
 * before a row already kept (possible only after the rules changed) or a cycle some row was
 * already written in is rebuilt from the rows instead.
 */
export async function saveCheckIn(
  trx: Transaction<Database>,
  owner: CheckInOwner,
  rules: CheckInRules,
  before: CheckInSummary,
  written: WrittenCheckIn,
  now: Date,
): Promise<CheckInSummary> {
  const { state } = written;
  const row: CycleDay = { day: written.day, position: state.position, makeUp: written.makeUp };
  const inOrder = before.lastRowDay === null || written.day > before.lastRowDay;
  let after: CheckInSummary | null = null;
  if (inOrder && state.cycle === before.state.cycle)
    after = { ...before, state, days: [...before.days, row], lastRowDay: written.day };
  else if (inOrder && state.cycle > before.maxCycle)
    after = { ...before, state, days: [row], lastRowDay: written.day, maxCycle: state.cycle };
  after ??= await rebuildCheckInSummary(trx, owner, rules);
  const stored = summaryRow(owner, after, now);
  await trx
    .insertInto('play_checkin_summaries')
    .values(stored)
    .onConflict((oc) =>
      oc
        .columns(['campaign_id', 'participant_id'])
        .doUpdateSet({ summary: stored.summary, updated_at: stored.updated_at }),
    )
    .execute();
  return after;
}
