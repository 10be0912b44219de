import { describe, expect, it } from 'vitest';
import enUS from '../../../../../locales/en-US/campaigns.json';
import zhCN from '../../../../../locales/zh-CN/campaigns.json';
import {
  RISK_RULES,
  blockKindOf,
  offendersOf,
  refusalLines,
  refusalsByRule,
  riskIsEmpty,
  ruleKey,
  totalRefusals,
  type RiskReport,
} from './riskReportTypes';

const EMPTY: RiskReport = { days: [], byRule: {}, offenders: [], flagged: [], held: [] };

describe('the risk section of the activity report', () => {
  it('names and explains every rule the server counts, in both languages', () => {
    for (const locale of [enUS, zhCN]) {
      const rules = locale.report.risk.rules as Record<string, { name: string; help: string }>;
      expect(Object.keys(rules).sort()).toEqual(RISK_RULES.map(ruleKey).sort());
      for (const rule of Object.values(rules)) {
        expect(rule.name.length).toBeGreaterThan(0);
        expect(rule.help.length).toBeGreaterThan(0);
      }
    }
    expect(ruleKey('velocity.participant')).toBe('velocity_participant');
  });

  it('lists the rules that refused anything, most refusals first', () => {
    expect(
      refusalsByRule({ blocklist: 2, 'velocity.participant': 5, 'limit.ip': 2, 'limit.user': 0 }),
    ).toEqual([
      { rule: 'velocity.participant', count: 5 },
      { rule: 'blocklist', count: 2 },
      { rule: 'limit.ip', count: 2 },
    ]);
  });

  it('draws one line per rule over the same days, a day without refusals at 0', () => {
    const lines = refusalLines(
      [
        { day: '2026-11-01', rule: 'limit.ip', count: 3 },
        { day: '2026-11-01', rule: 'blocklist', count: 1 },
        { day: '2026-11-03', rule: 'blocklist', count: 4 },
      ],
      (rule) => `name of ${rule}`,
    );
    expect(lines).toEqual([
      {
        name: 'name of blocklist',
        points: [
          { time: '2026-11-01', value: 1 },
          { time: '2026-11-03', value: 4 },
        ],
      },
      {
        name: 'name of limit.ip',
        points: [
          { time: '2026-11-01', value: 3 },
          { time: '2026-11-03', value: 0 },
        ],
      },
    ]);
    expect(refusalLines([], String)).toEqual([]);
  });

  it('is empty only with nothing refused, flagged or held', () => {
    expect(riskIsEmpty(EMPTY)).toBe(true);
    expect(totalRefusals(EMPTY)).toBe(0);
    const flagged = {
      ...EMPTY,
      flagged: [{ participantCode: 'AB12', userId: 'fay', rule: 'devicesPerUser', rewards: 1, held: 1 }],
    };
    expect(riskIsEmpty(flagged)).toBe(false);
    expect(riskIsEmpty({ ...EMPTY, byRule: { blocklist: 1 } })).toBe(false);
    expect(totalRefusals({ ...EMPTY, byRule: { blocklist: 1, 'limit.ip': 2 } })).toBe(3);
  });

  it('groups offenders by kind and puts addresses and ranges on the blocklist as addresses', () => {
    const at = '2026-11-01T00:00:00.000Z';
    const report: RiskReport = {
      ...EMPTY,
      offenders: [
        { kind: 'ip', value: '192.0.2.7', refused: 3, lastRule: 'limit.ip', lastAt: at },
        { kind: 'user', value: 'vic', refused: 2, lastRule: 'velocity.participant', lastAt: at },
        { kind: 'ip', value: '192.0.2.8', refused: 1, lastRule: 'limit.ip', lastAt: at },
      ],
    };
    expect(offendersOf(report, 'ip').map((o) => o.value)).toEqual(['192.0.2.7', '192.0.2.8']);
    expect(offendersOf(report, 'device')).toEqual([]);
    expect(['ip', 'subnet', 'device', 'user', 'other'].map(blockKindOf)).toEqual([
      'address',
      'address',
      'device',
      'user',
      null,
    ]);
  });
});
