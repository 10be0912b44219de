import type { BlockKind } from '../../engine/risk/checkBlockValue';

// Risk control (m0022): the project's blocklist and the risk audit trail.

/** One blocklist entry: a user id, a device id or an address range the project refuses. */
export interface RiskBlocklistTable {
  id: string;
  project_id: string;
  kind: BlockKind;
  /** As `checkBlockValue` stores it: ids trimmed, addresses normalized; unique per project and kind. */
  value: string;
  /** Why it is listed, at most 200 characters. */
  note: string | null;
  /** The member who added it (null once that member is gone). */
  created_by: string | null;
  created_at: string;
}

/** One risk decision: who or what it was about, what was decided, by whom. */
export interface RiskAuditTable {
  /** Sorts by time, then by arrival on the writing server (`riskAuditId`). */
  id: string;
  project_id: string;
  /** The campaign the decision was made in; null for project-wide ones (the blocklist's). */
  campaign_id: string | null;
  action: string;
  /** What it is about: a blocked value, a participant, a reward. */
  subject: string;
  /** JSON object text. */
  detail: string;
  /** The member who decided; null for automatic decisions or once the member is gone. */
  actor_id: string | null;
  created_at: string;
}

declare module '../db/tables' {
  interface Database {
    risk_blocklist: RiskBlocklistTable;
    risk_audit: RiskAuditTable;
  }
}
