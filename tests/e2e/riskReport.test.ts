import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { BASE_URL, api, launchBrowser, openSignedIn, signUpViaApi, type Session } from './browser';
import { riskRulesOf } from '../../src/engine/play/riskRules';
import { liveCampaign } from './player';

// The risk section of the activity report on the real server. A wheel limits each participant to
// two draws a minute and flags a user id seen on a second device; people play through the
// participant API as their phones would. The report names the refusal and the offender, the
// flagged participant and the reward their flag held; the operator holds a pending reward from
// the reward records, releases the held one and blocks the flagged participant, and the project's
// audit trail names each decision. A campaign nobody was refused in says so. Then the wizard's
// risk settings: the lucky wheel's rules group (saved into the config), the referral's progress
// source and a task list's per-task source, in English.

let browser: Browser;
let session: Session;
let projectId = '';
let campaignId = '';
let quietId = '';
let apiSecret = '';
const stamp = Date.now().toString(36).slice(-6);

const TV = {
  id: 'tv',
  name: { 'zh-CN': '电视', 'en-US': 'Television' },
  deliveryType: 'customer-service',
  contactInfo: 'service@example.com',
  odds: 100,
  stock: 50,
  isThank: false,
};
const THANKS = {
  id: 'thanks',
  name: { 'zh-CN': '谢谢参与', 'en-US': 'Thank you' },
  deliveryType: 'system',
  isThank: true,
};

/** Saves a picture of what a step shows when E2E_SCREENSHOTS names a directory (to look at). */
async function picture(target: Page | Locator, name: string): Promise<void> {
  const dir = process.env.E2E_SCREENSHOTS;
  if (dir)
    await target.screenshot({ path: `${dir}/${name}.png`, ...('goto' in target ? { fullPage: true } : {}) });
}

let handoffs = 0;
/**
 * A participant session from a signed hand-off (docs/integration-guide.md), on a device. A
 * hand-off is good once: each gets its own expiry, so its own signature.
 */
async function openSession(userId: string, deviceId: string): Promise<string> {
  const exp = Math.floor(Date.now() / 1000) + 300 + ++handoffs;
  const sig = createHmac('sha256', apiSecret).update(`${campaignId}.${userId}.${exp}`).digest('base64url');
  const opened = await api<{ token: string }>('POST', '/api/play/v1/sessions', {
    body: { campaignId, userId, exp, sig, deviceId },
  });
  return opened.token;
}

let draws = 0;
/** One draw as the participant: the HTTP status. */
async function draw(token: string): Promise<number> {
  const response = await fetch(`${BASE_URL}/api/play/v1/campaigns/${campaignId}/actions/draw`, {
    method: 'POST',
    headers: {
      authorization: `Participant ${token}`,
      'idempotency-key': `risk-${stamp}-${++draws}`,
      'content-type': 'application/json',
    },
    body: '{}',
  });
  return response.status;
}

beforeAll(async () => {
  browser = await launchBrowser();
  ({ session } = await signUpViaApi('riskreport', 'Risk Report Co'));
  projectId = (
    await api<{ id: string }>('POST', '/api/projects', {
      body: { name: 'Risk report', domainPrefix: `rr${stamp}` },
      token: session.token,
    })
  ).id;
  ({ apiSecret } = await api<{ apiSecret: string }>('GET', '/api/access-key', {
    token: session.token,
    projectId,
  }));
  campaignId = await liveCampaign(session, projectId, 'lucky-wheel', {
    title: `Guarded-${stamp}`,
    prizes: [TV, THANKS],
    chances: { initialCount: 5, dailyFree: 0 },
    risk: { velocity: { participant: 2 }, devicesPerUser: { max: 1, action: 'flag' } },
  });
  quietId = await liveCampaign(session, projectId, 'lucky-wheel', {
    title: `Quiet-${stamp}`,
    prizes: [TV, THANKS],
  });

  // vic draws past two a minute (a minute turning between draws lets two more through).
  const vic = await openSession('vic', 'device-vic-0001');
  const statuses: number[] = [];
  while (statuses.length < 5 && !statuses.includes(429)) statuses.push(await draw(vic));
  expect(statuses.slice(0, 2)).toEqual([200, 200]);
  expect(statuses).toContain(429);
  // fay opens the campaign from a second device: let in, flagged; her prize waits for an operator.
  await openSession('fay', 'device-fay-0001');
  expect(await draw(await openSession('fay', 'device-fay-0002'))).toBe(200);
});

afterAll(async () => {
  await browser?.close();
});

/** Confirms the open confirmation with its button named `name`. */
async function confirm(page: Page, name: string): Promise<void> {
  await page
    .locator('.ant-popconfirm')
    .filter({ visible: true })
    .getByRole('button', { name, exact: true })
    .click();
}

describe('risk section of the activity report', () => {
  it('shows the refusal, the offender and the flag; holds, releases and blocks', async () => {
    const { page, context, pageErrors } = await openSignedIn(
      browser,
      `/campaignManagement/${projectId}/ActiveReport/${campaignId}`,
      session,
      projectId,
    );
    try {
      const risk = page.getByTestId('report-risk');
      const rules = risk.getByTestId('risk-rules');
      await rules.getByRole('row', { name: /Actions per minute per participant/ }).waitFor();
      expect(await rules.textContent()).toContain(
        'One participant acted more often in a minute than the campaign allows.',
      );
      await risk.getByTestId('risk-per-day').waitFor();

      // The offenders: the address all the draws came from, and vic's user id.
      const offenders = risk.getByTestId('risk-offenders');
      await offenders.getByRole('row', { name: /127\.0\.0\.1/ }).waitFor();
      await offenders.getByRole('tab', { name: /^User IDs \(1\)$/ }).click();
      const vicRow = offenders.getByRole('row', { name: /\bvic\b/ });
      await vicRow.waitFor();
      expect(await vicRow.textContent()).toContain('Actions per minute per participant');

      // fay, flagged by the device rule, with her prize held by the flag.
      const flagged = risk.getByTestId('risk-flagged');
      const fayRow = flagged.getByRole('row', { name: /\bfay\b/ });
      await fayRow.waitFor();
      expect(await fayRow.textContent()).toContain('Devices per user ID');
      const held = risk.getByTestId('risk-held');
      await held
        .getByRole('row', { name: /\bfay\b.*Television.*Risk rule \(participant flagged\)/ })
        .waitFor();

      // A pending reward of vic's put on hold from the reward records (whole words: "Customer
      // service" holds "vic" too).
      const records = page.getByTestId('reward-records');
      const vicReward = records.getByRole('row', { name: /\bvic\b/ }).first();
      await vicReward.getByTestId('reward-hold').click();
      await confirm(page, 'Hold');
      await page.getByText('Reward on hold: it is not delivered until released').waitFor();
      await held.getByRole('row', { name: /\bvic\b.*Television.*A project member/ }).waitFor();
      await records.getByRole('row', { name: /\bvic\b.*On hold/ }).waitFor();
      await expect.poll(() => records.getByTestId('reward-release').count()).toBe(2);

      // fay's reward released from the held list.
      await held
        .getByRole('row', { name: /\bfay\b/ })
        .getByTestId('risk-release')
        .click();
      await confirm(page, 'Release');
      await page.getByText('Reward released: it is delivered now').waitFor();
      await expect.poll(() => held.getByRole('row', { name: /\bfay\b/ }).count()).toBe(0);
      await expect.poll(() => records.getByRole('row', { name: /\bfay\b.*On hold/ }).count()).toBe(0);

      await picture(page, 'risk-report');

      // fay blocked from the flagged list: her user id is on the project's blocklist.
      await fayRow.getByTestId('risk-block-participant').click();
      await page.locator('.ant-popconfirm', { hasText: 'User ID fay goes on the project' }).waitFor();
      await confirm(page, 'Block');
      await page.getByText('Blocked by user ID: fay').waitFor();
      const blocklist = await api<{ items: { kind: string; value: string }[] }>(
        'GET',
        '/api/risk/blocklist?kind=user',
        { token: session.token, projectId },
      );
      expect(blocklist.items.map((entry) => entry.value)).toEqual(['fay']);

      // The audit trail names each decision.
      await page.goto(`/riskBlocklist/${projectId}`);
      await page.getByRole('tab', { name: 'Audit trail' }).click();
      const audit = page.getByTestId('risk-audit');
      for (const action of ['Reward held', 'Reward released', 'Participant blocked', 'Blocked'])
        await audit
          .getByRole('row', { name: new RegExp(action) })
          .first()
          .waitFor();
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('says plainly that nothing was refused', async () => {
    const { page, context, pageErrors } = await openSignedIn(
      browser,
      `/campaignManagement/${projectId}/ActiveReport/${quietId}`,
      session,
      projectId,
    );
    try {
      const empty = page.getByTestId('report-risk').getByTestId('risk-empty');
      await empty.waitFor();
      expect(await empty.textContent()).toContain('Nothing was refused');
      expect(await page.getByTestId('report-risk').getByTestId('risk-rules').count()).toBe(0);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('risk settings in the wizard', () => {
  async function stepTitle(page: Page, title: string): Promise<void> {
    await page.locator('.gc-wizard-body .ant-card-head-title', { hasText: title }).waitFor();
  }
  async function next(page: Page, title: string): Promise<void> {
    await page.getByRole('button', { name: 'Next' }).click();
    await stepTitle(page, title);
  }

  it("shows a lucky wheel's risk rules in English and saves the ones set", async () => {
    const { page, context, pageErrors } = await openSignedIn(
      browser,
      `/campaignManagement/${projectId}/createActivity/lucky-wheel/classic?goal=engagement-retention`,
      session,
      projectId,
    );
    try {
      await stepTitle(page, 'Choose goal');
      await next(page, 'Basic info');
      const title = `Ruled-${stamp}`;
      await page.getByLabel('Campaign title').fill(title);
      await next(page, 'Logic and rewards');
      const group = page.getByRole('region', { name: 'Risk rules', exact: true });
      await group.scrollIntoViewIfNeeded();
      expect(await group.textContent()).toContain('Limits against reward farming.');
      for (const name of [
        'Rewards per day',
        'Actions per minute',
        'Devices per user id',
        'User ids per device',
      ])
        await group.getByRole('region', { name, exact: true }).waitFor();
      await picture(group, 'risk-wizard-wheel');

      await group
        .getByRole('region', { name: 'Actions per minute' })
        .getByLabel('Per participant')
        .fill('10');
      const devices = group.getByRole('region', { name: 'Devices per user id' });
      await devices.getByLabel('At most').fill('2');
      await devices.getByText('Let in, flag and hold rewards', { exact: true }).click();
      await next(page, 'Pages and copy');
      await next(page, 'Multi-language');
      await page.getByRole('button', { name: 'Save campaign' }).click();
      await page.waitForURL(`**/campaignManagement/${projectId}`);
      const list = await api<{ items: { id: string; title: string }[] }>(
        'GET',
        '/api/campaigns?area=growth',
        {
          token: session.token,
          projectId,
        },
      );
      const saved = list.items.find((item) => item.title === title)!;
      const detail = await api<{ config: Record<string, unknown> }>('GET', `/api/campaigns/${saved.id}`, {
        token: session.token,
        projectId,
      });
      // The rules as the server reads them (groups left empty may be saved as {}: no limit).
      expect(riskRulesOf(detail.config)).toEqual({
        rewardsPerDay: {},
        velocity: { participant: 10 },
        devicesPerUser: { max: 2, action: 'flag' },
        usersPerDevice: null,
      });
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("shows a referral's progress source with its help", async () => {
    const { page, context, pageErrors } = await openSignedIn(
      browser,
      `/campaignManagement/${projectId}/createActivity/referral/classic?goal=download-register`,
      session,
      projectId,
    );
    try {
      await stepTitle(page, 'Choose goal');
      await next(page, 'Basic info');
      await next(page, 'Logic and rewards');
      // Two choices: radio buttons, the safe one chosen by default, with the help beneath.
      const server = page.getByRole('radio', { name: 'Your server only (signed with the API secret)' });
      await server.scrollIntoViewIfNeeded();
      expect(await server.isChecked()).toBe(true);
      await page.getByRole('radio', { name: 'App SDK too (the access key: can be farmed)' }).waitFor();
      await page.getByText('Progress comes from', { exact: true }).waitFor();
      await page.getByText('progress moves on events your server sends, signed with').first().waitFor();
      await page.getByRole('region', { name: 'Risk rules', exact: true }).waitFor();
      await picture(page.locator('.gc-wizard-body'), 'risk-wizard-referral');
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("shows each task's progress source in a task list", async () => {
    const { page, context, pageErrors } = await openSignedIn(
      browser,
      `/campaignManagement/${projectId}/createActivity/task-center/classic?goal=engagement-retention`,
      session,
      projectId,
    );
    try {
      await stepTitle(page, 'Choose goal');
      await next(page, 'Basic info');
      await next(page, 'Logic and rewards');
      const tasks = page.getByRole('region', { name: 'Tasks', exact: true });
      const server = tasks.getByRole('radio', { name: 'Your server only (signed with the API secret)' });
      await server.first().scrollIntoViewIfNeeded();
      await tasks.getByText('Progress comes from', { exact: true }).first().waitFor();
      await tasks.getByText('progress moves on events your server sends, signed with').first().waitFor();
      await picture(page.locator('.gc-wizard-body'), 'risk-wizard-tasks');
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
