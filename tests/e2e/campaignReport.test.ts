import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { BASE_URL, api, launchBrowser, openSignedIn, signUpViaApi, type Session } from './browser';

// The operator's side of play: people draw (through the participant API, as their phones would),
// and the activity report shows the draws, winners and reward records, with a customer-service
// prize marked as awarded after a confirmation.

let browser: Browser;
let session: Session;
let projectId = '';
let campaignId = '';
const stamp = Date.now().toString(36).slice(-6);

beforeAll(async () => {
  browser = await launchBrowser();
  ({ session } = await signUpViaApi('report', 'Report Makers'));
  const token = session.token;
  projectId = (
    await api<{ id: string }>('POST', '/api/projects', {
      body: { name: 'Report', domainPrefix: `rp-${stamp}` },
      token,
    })
  ).id;
  const entry = await api<{ templates: { name: string; config: Record<string, unknown> }[] }>(
    'GET',
    '/api/schemas/gameplay/lucky-wheel',
    { token },
  );
  const template = entry.templates[0];
  const hour = 3_600_000;
  const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
  campaignId = (
    await api<{ id: string }>('POST', '/api/campaigns', {
      body: {
        area: 'growth',
        kind: 'gameplay',
        mark: 'lucky-wheel',
        config: {
          ...template.config,
          title: `Report-${stamp}`,
          startTime: iso(Date.now() - hour),
          endTime: iso(Date.now() + 48 * hour),
          timezone: 'GMT',
          prizes: [
            {
              id: 'tv',
              name: { 'zh-CN': '电视', 'en-US': 'Television' },
              deliveryType: 'customer-service',
              contactInfo: 'service@example.com',
              odds: 100,
              stock: 2,
              isThank: false,
            },
            {
              id: 'thanks',
              name: { 'zh-CN': '谢谢参与', 'en-US': 'Thank you' },
              deliveryType: 'system',
              isThank: true,
            },
          ],
          chances: { initialCount: 1, dailyFree: 0 },
        },
      },
      token,
      projectId,
    })
  ).id;
  await api('POST', `/api/campaigns/${campaignId}/actions`, {
    body: { action: 'goOnline' },
    token,
    projectId,
  });
  const { apiSecret } = await api<{ apiSecret: string }>('GET', '/api/access-key', { token, projectId });
  const exp = Math.floor(Date.now() / 1000) + 600;
  for (const userId of ['ann', 'ben', 'cai']) {
    const sig = createHmac('sha256', apiSecret).update(`${campaignId}.${userId}.${exp}`).digest('base64url');
    const opened = await api<{ token: string }>('POST', '/api/play/v1/sessions', {
      body: { campaignId, userId, exp, sig },
    });
    const response = await fetch(`${BASE_URL}/api/play/v1/campaigns/${campaignId}/actions/draw`, {
      method: 'POST',
      headers: {
        authorization: `Participant ${opened.token}`,
        'idempotency-key': `d-${userId}`,
        'content-type': 'application/json',
      },
      body: '{}',
    });
    expect(response.status).toBe(200);
  }
});

afterAll(async () => {
  await browser?.close();
});

describe('activity report', () => {
  it('shows the draws, the winners and the reward records, and marks a prize awarded', async () => {
    const { page, context } = await openSignedIn(
      browser,
      `/campaignManagement/${projectId}/ActiveReport/${campaignId}`,
      session,
      projectId,
    );
    try {
      const totals = page.getByTestId('report-totals');
      await totals.waitFor();
      await expect.poll(() => totals.textContent()).toContain('Plays3');
      expect(await totals.textContent()).toContain('Winners2');
      await page.getByTestId('report-winners').getByText('Television').first().waitFor();
      const records = page.getByTestId('reward-records');
      await records.getByRole('cell', { name: 'ann', exact: true }).waitFor();
      expect(await records.getByRole('cell', { name: 'Pending', exact: true }).count()).toBe(2);
      await records.getByTestId('reward-award').first().click();
      await page.getByRole('button', { name: 'Mark as awarded' }).last().click();
      await records.getByRole('cell', { name: 'Manual award', exact: true }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('draws the trend of a single day as points, one per figure', async () => {
    // Everyone drew within moments: the report has one day.
    const report = await api<{ participation: { trend: Array<{ date: string }> } }>(
      'GET',
      `/api/campaigns/${campaignId}/report`,
      { token: session.token, projectId },
    );
    expect(report.participation.trend).toHaveLength(1);
    const { page, context, pageErrors } = await openSignedIn(
      browser,
      `/campaignManagement/${projectId}/ActiveReport/${campaignId}`,
      session,
      projectId,
    );
    try {
      // G2 draws on a canvas; its container names what was drawn with an extent (a line through
      // one point has none). Plays, participants and winners: three points.
      const chart = page.getByTestId('report-trend').getByRole('img', { name: 'Trend' });
      await expect.poll(() => chart.getAttribute('data-marks'), { timeout: 60_000 }).toBe('point:3');
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
