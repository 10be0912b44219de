import type { TrendLine } from '../../linkAnalytics/TrendChart';

/** Why the risk rules refused something (or ignored an app event), as the report names it. */
export const RISK_RULES = [
  'progressSource',
  'blocklist',
  'limit.device',
  'limit.ip',
  'limit.subnet',
  'limit.user',
  'velocity.participant',
  'velocity.address',
  'devicesPerUser',
  'usersPerDevice',
] as const;

export type RiskRule = (typeof RISK_RULES)[number];

/** The kinds of key the report counts refusals by, in the order it shows them. */
export const OFFENDER_KINDS = ['ip', 'subnet', 'device', 'user'] as const;

export type OffenderKind = (typeof OFFENDER_KINDS)[number];

/** The activity report's risk section (`GET /api/campaigns/:id/report/risk`). */
export interface RiskReport {
  /** Refusals by local day and rule, oldest day first. */
  days: { day: string; rule: string; count: number }[];
  /** Refusals by rule in all. */
  byRule: Record<string, number>;
  /** The keys refused most, ten per kind. */
  offenders: { kind: string; value: string; refused: number; lastRule: string; lastAt: string }[];
  /** Participants a device rule flagged, with their rewards here and how many are on hold. */
  flagged: { participantCode: string; userId: string | null; rule: string; rewards: number; held: number }[];
  /** Rewards on hold, newest first; `heldBy` is `risk` when a flag held it, else the member's id. */
  held: {
    rewardId: string;
    participantCode: string;
    userId: string | null;
    prizeId: string;
    prizeName: string;
    heldAt: string;
    heldBy: string;
  }[];
}

export type RiskOffender = RiskReport['offenders'][number];
export type RiskFlagged = RiskReport['flagged'][number];
export type RiskHeld = RiskReport['held'][number];

/** Where the risk section is read. */
export const riskReportUrl = (campaignId: string) =>
  `/api/campaigns/${encodeURIComponent(campaignId)}/report/risk`;

/** A rule's locale key: its dots written as `_` (i18next reads dots as nesting). */
export const ruleKey = (rule: string) => rule.replaceAll('.', '_');

/** The rules that refused anything, most refusals first (rules the console does not know last). */
export function refusalsByRule(byRule: Record<string, number>): { rule: string; count: number }[] {
  const known = (rule: string) => (RISK_RULES as readonly string[]).indexOf(rule);
  return Object.entries(byRule)
    .filter(([, count]) => count > 0)
    .map(([rule, count]) => ({ rule, count }))
    .sort(
      (a, b) =>
        b.count - a.count ||
        (known(a.rule) < 0 ? 99 : known(a.rule)) - (known(b.rule) < 0 ? 99 : known(b.rule)),
    );
}

/**
 * Refusals per day as one line per rule that refused anything, every line over the same days (a
 * day a rule refused nothing counts 0 for it, so its line goes down to the axis).
 */
export function refusalLines(days: RiskReport['days'], ruleName: (rule: string) => string): TrendLine[] {
  const dates = [...new Set(days.map((d) => d.day))].sort();
  const totals: Record<string, number> = {};
  for (const d of days) totals[d.rule] = (totals[d.rule] ?? 0) + d.count;
  const rules = refusalsByRule(totals).map((r) => r.rule);
  const count = new Map(days.map((d) => [`${d.day}\u0000${d.rule}`, d.count]));
  return rules.map((rule) => ({
    name: ruleName(rule),
    points: dates.map((time) => ({ time, value: count.get(`${time}\u0000${rule}`) ?? 0 })),
  }));
}

/** Offenders of one kind, as the server ordered them (most refused first). */
export const offendersOf = (report: RiskReport, kind: OffenderKind): RiskOffender[] =>
  report.offenders.filter((o) => o.kind === kind);

/** All refusals of the campaign. */
export const totalRefusals = (report: RiskReport): number =>
  Object.values(report.byRule).reduce((sum, n) => sum + n, 0);

/** Whether the section has nothing to show: nothing refused, nobody flagged, nothing on hold. */
export const riskIsEmpty = (report: RiskReport): boolean =>
  totalRefusals(report) === 0 &&
  report.offenders.length === 0 &&
  report.flagged.length === 0 &&
  report.held.length === 0;

/** The blocklist kind an offender's key goes on (an address and an address range are both `address`). */
export const blockKindOf = (kind: string): 'address' | 'device' | 'user' | null =>
  kind === 'ip' || kind === 'subnet' ? 'address' : kind === 'device' || kind === 'user' ? kind : null;
