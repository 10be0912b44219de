import type { Lang } from '../../../engine/validation/lang';
import { toCsv } from '../../http/toCsv';
import type { AdsReport, ReportFigures, ReportGroup } from './adsReport';

const GROUP: Record<Lang, Record<ReportGroup, string>> = {
  'zh-CN': { date: '日期', domain: '域名', url: '链接', strategy: '策略', account: '广告账户' },
  'en-US': { date: 'Date', domain: 'Domain', url: 'URL', strategy: 'Strategy', account: 'Ad account' },
};
const FIGURES: Record<Lang, (currency: string) => string[]> = {
  'zh-CN': (c) => ['请求数', '展示数', '点击数', `收入 (${c})`, `eCPM (${c})`, '匹配率', '点击率'],
  'en-US': (c) => ['Requests', 'Serves', 'Clicks', `Income (${c})`, `eCPM (${c})`, 'Match rate', 'CTR'],
};
const TOTAL: Record<Lang, string> = { 'zh-CN': '合计', 'en-US': 'Total' };

/** Integer micros as an exact decimal text: 1250000 -> "1.25", -1 -> "-0.000001", 0 -> "0". */
export function decimalOfMicros(micros: number): string {
  const abs = Math.abs(Math.trunc(micros));
  const fraction = String(abs % 1_000_000)
    .padStart(6, '0')
    .replace(/0+$/, '');
  return `${micros < 0 && abs > 0 ? '-' : ''}${Math.floor(abs / 1_000_000)}${fraction ? `.${fraction}` : ''}`;
}

const cells = (row: ReportFigures) => [
  row.requests,
  row.serves,
  row.clicks,
  decimalOfMicros(row.incomeMicros),
  decimalOfMicros(row.ecpmMicros),
  row.matchRate,
  row.ctr,
];

/**
 * The report as CSV in the caller's language: one line per row (its label: the date, domain,
 * URL, strategy or account name; '' stays empty), then the total; money as exact decimals of
 * the report's currency. Cells a spreadsheet would run as formulas are escaped by `toCsv`.
 */
export function reportCsv(report: AdsReport, groupBy: ReportGroup, currency: string, lang: Lang): string {
  return toCsv(
    [GROUP[lang][groupBy], ...FIGURES[lang](currency)],
    [...report.rows.map((row) => [row.label, ...cells(row)]), [TOTAL[lang], ...cells(report.totals)]],
  );
}
