import type { TFunction } from 'i18next';

/** Figures in the report: grouped digits in the console's locale. */
export const reportNumber = new Intl.NumberFormat();

/** A report metric's name in the console's language (the key itself when the locale has none). */
export const metricName = (t: TFunction, key: string) =>
  t(`campaigns:report.metric.${key}`, { defaultValue: key });

/** Where a report section's CSV is exported. */
export const reportExportUrl = (campaignId: string, section: string) =>
  `/api/campaigns/${encodeURIComponent(campaignId)}/report/export?section=${section}`;

/** How much of a prize's stock is given out, in whole percent (all of it when the stock is 0). */
export const stockUsedPercent = (issued: number, stock: number) =>
  stock ? Math.round((issued / stock) * 100) : 100;
