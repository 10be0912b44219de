import { describe, expect, it } from 'vitest';
import { reportExportUrl, stockUsedPercent } from './reportMetric';

describe('reportExportUrl', () => {
  it('names the campaign (escaped) and the section', () => {
    expect(reportExportUrl('c 1/2', 'prizes')).toBe('/api/campaigns/c%201%2F2/report/export?section=prizes');
  });
});

describe('stockUsedPercent', () => {
  it('is the share of the stock given out, rounded', () => {
    expect(stockUsedPercent(1, 3)).toBe(33);
    expect(stockUsedPercent(2, 3)).toBe(67);
    expect(stockUsedPercent(5, 5)).toBe(100);
  });

  it('is full for a stock of 0', () => {
    expect(stockUsedPercent(0, 0)).toBe(100);
  });
});
