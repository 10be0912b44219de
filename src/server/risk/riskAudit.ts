import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import { randomId } from '../db/randomId';
import { containsText, pageWindow } from '../links/listQuery';

/**
 * What a risk decision did: a blocklist entry added or removed (the console's blocklist), a
 * reward held back or released, a participant blocked.
 */
export const RISK_ACTIONS = [
  'block.add',
  'block.remove',
  'reward.hold',
  'reward.release',
  'participant.block',
] as const;
export type RiskAction = (typeof RISK_ACTIONS)[number];

/** The longest subject an audit row keeps. */
export const RISK_SUBJECT_MAX = 200;

/** One decision to record. */
export interface RiskDecision {
  projectId: string;
  /** The campaign it was made in; none for project-wide decisions. */
  campaignId?: string | null;
  action: RiskAction;
  /** What it is about (a blocked value, a participant id, a reward id); cut at 200 characters. */
  subject: string;
  /** Anything a reader needs to understand it (a JSON object). */
  detail?: Record<string, unknown>;
  /** The member who decided; none for automatic decisions. */
  actorId?: string | null;
  now: Date;
}

/** A risk audit row as the console shows it. */
export interface RiskAuditView {
  id: string;
  action: string;
  subject: string;
  campaignId: string | null;
  detail: Record<string, unknown>;
  actor: { id: string; name: string } | null;
  createdAt: string;
}

let sequence = 0;

/**
 * An audit id that sorts by time, then by arrival on this server (decisions within one
 * millisecond keep their order), then at random.
 */
export function riskAuditId(timeMs: number): string {
  sequence = (sequence + 1) % 36 ** 4;
  return `${timeMs.toString(36).padStart(9, '0')}${sequence.toString(36).padStart(4, '0')}${randomId().slice(0, 8)}`;
}

/**
 * Writes rows of the risk audit trail, in one statement, and answers their ids (in order). Pass
 * the transaction of the change they record, so the change and its rows are stored together or
 * not at all.
 */
export async function recordRiskDecisions(
  db: Kysely<Database>,
  decisions: RiskDecision[],
): Promise<string[]> {
  if (decisions.length === 0) return [];
  const rows = decisions.map((decision) => ({
    id: riskAuditId(decision.now.getTime()),
    project_id: decision.projectId,
    campaign_id: decision.campaignId ?? null,
    action: decision.action,
    subject: decision.subject.slice(0, RISK_SUBJECT_MAX),
    detail: JSON.stringify(decision.detail ?? {}),
    actor_id: decision.actorId ?? null,
    created_at: decision.now.toISOString(),
  }));
  await db.insertInto('risk_audit').values(rows).execute();
  return rows.map((row) => row.id);
}

/** Writes one row of the risk audit trail (see `recordRiskDecisions`) and answers its id. */
export async function recordRiskDecision(db: Kysely<Database>, decision: RiskDecision): Promise<string> {
  const [id] = await recordRiskDecisions(db, [decision]);
  return id;
}

/** What the audit list can be narrowed to. */
export interface RiskAuditFilter {
  page?: number;
  pageSize?: number;
  action?: RiskAction;
  campaignId?: string;
  /** Part of the subject, case-insensitive. */
  q?: string;
}

/** A page of the project's risk audit trail, newest first, with the number of rows it has. */
export async function listRiskAudit(
  db: Kysely<Database>,
  projectId: string,
  filter: RiskAuditFilter,
): Promise<{ items: RiskAuditView[]; total: number }> {
  let query = db.selectFrom('risk_audit').where('risk_audit.project_id', '=', projectId);
  if (filter.action) query = query.where('risk_audit.action', '=', filter.action);
  if (filter.campaignId) query = query.where('risk_audit.campaign_id', '=', filter.campaignId);
  const q = filter.q?.trim();
  if (q) query = query.where(containsText('risk_audit.subject', q));
  const { limit, offset } = pageWindow(filter);
  const [rows, total] = await Promise.all([
    query
      .leftJoin('users', 'users.id', 'risk_audit.actor_id')
      .selectAll('risk_audit')
      .select('users.name as actor_name')
      .orderBy('risk_audit.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map((row) => ({
      id: row.id,
      action: row.action,
      subject: row.subject,
      campaignId: row.campaign_id,
      detail: JSON.parse(row.detail) as Record<string, unknown>,
      actor: row.actor_id && row.actor_name !== null ? { id: row.actor_id, name: row.actor_name } : null,
      createdAt: row.created_at,
    })),
    total: Number(total.n),
  };
}
