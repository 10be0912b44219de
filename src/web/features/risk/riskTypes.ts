import type { BlockKind } from '../../../engine/risk/checkBlockValue';

/** A blocklist entry (`GET /api/risk/blocklist`). */
export interface BlockEntry {
  id: string;
  kind: BlockKind;
  value: string;
  note: string | null;
  createdBy: { id: string; name: string } | null;
  createdAt: string;
}

/** What adding values answers. */
export interface AddAnswer {
  added: BlockEntry[];
  duplicates: string[];
}

/** A row of the risk audit trail (`GET /api/risk/audit`). */
export interface RiskAuditRow {
  id: string;
  action: string;
  subject: string;
  campaignId: string | null;
  detail: Record<string, unknown>;
  actor: { id: string; name: string } | null;
  createdAt: string;
}

/** The audit trail's actions, in the order the filter offers them. */
export const AUDIT_ACTIONS = [
  'block.add',
  'block.remove',
  'reward.hold',
  'reward.release',
  'participant.block',
] as const;

/** Every key a risk list query starts with (to refresh both lists after a change). */
export const RISK_API = '/api/risk/';
