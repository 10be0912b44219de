// The play risk tables (m0023PlayRisk), merged into the shared `Database` type.

/** One key's count in its current window (a local day `YYYY-MM-DD` or a minute `m<epoch minute>`). */
export interface RiskCountersTable {
  campaign_id: string;
  /** What the key is: `device`, `ip`, `subnet`, `user` (rewards a day), `vp`, `va` (actions a minute). */
  scope: string;
  key: string;
  window: string;
  count: number;
}

/** Refusals per campaign, local day and rule (`progressSource`: app events ignored for their source). */
export interface RiskRefusalsTable {
  campaign_id: string;
  project_id: string;
  day: string;
  rule: string;
  count: number;
}

/** Refusals per campaign and key (`ip`, `subnet`, `device`, `user`), for the top offenders. */
export interface RiskOffendersTable {
  campaign_id: string;
  project_id: string;
  kind: string;
  value: string;
  refused: number;
  last_rule: string;
  last_at: string;
}

/** A device a user id opened a session from, per project. */
export interface RiskDevicesTable {
  project_id: string;
  user_id: string;
  device_id: string;
  first_at: string;
}

declare module '../../db/tables' {
  interface Database {
    risk_counters: RiskCountersTable;
    risk_refusals: RiskRefusalsTable;
    risk_offenders: RiskOffendersTable;
    risk_devices: RiskDevicesTable;
  }
}
