import { describe, expect, it } from 'vitest';
import { figuresOf, type AdsReport } from './adsReport';
import { decimalOfMicros, reportCsv } from './reportCsv';

describe('reportCsv', () => {
  it('writes micros as exact decimals', () => {
    expect(decimalOfMicros(1_250_000)).toBe('1.25');
    expect(decimalOfMicros(-1)).toBe('-0.000001');
    expect(decimalOfMicros(0)).toBe('0');
    expect(decimalOfMicros(12_000_000)).toBe('12');
    expect(decimalOfMicros(8_999_999_999_999_999)).toBe('8999999999.999999');
  });

  it('writes rows then the total, labels escaped, in the caller language', () => {
    const row = figuresOf({ requests: 4, serves: 2, clicks: 1, incomeMicros: 3_000_000 });
    const report: AdsReport = {
      currencies: ['USD'],
      totals: row,
      rows: [{ key: '=cmd|x', label: '=cmd|x', ...row }],
      series: [],
    };
    expect(reportCsv(report, 'domain', 'USD', 'en-US')).toBe(
      'Domain,Requests,Serves,Clicks,Income (USD),eCPM (USD),Match rate,CTR\r\n' +
        "'=cmd|x,4,2,1,3,1500,0.5,0.5\r\n" +
        'Total,4,2,1,3,1500,0.5,0.5\r\n',
    );
    expect(reportCsv(report, 'url', 'CNY', 'zh-CN').split('\r\n')[0]).toBe(
      '链接,请求数,展示数,点击数,收入 (CNY),eCPM (CNY),匹配率,点击率',
    );
  });
});
