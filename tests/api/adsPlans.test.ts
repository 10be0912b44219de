import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appServers, createTestApp, type TestApp, SERVERS_UNDER_TEST } from './helpers/testApp';
import { call, countRows, paths, type ErrorData } from './helpers/api';
import { addMember, createProject, signUpOwner, type SignedIn } from './helpers/accounts';
import {
  seedAccount,
  seedParticipant,
  seedWithdrawal,
  sendPostback,
  type SeededAccount,
} from './helpers/adsIncome';

// Ad plans and ad campaigns under review, and the offerwall's cash pages (users, overview,
// withdrawals and their review), on both databases.

type Config = Record<string, unknown>;
interface ReviewRow {
  id: string;
  name: string;
  status: 'under-review' | 'normal' | 'rejected';
  reviewNote: string | null;
  reviewedAt: string | null;
  config: Config;
  planId?: string;
  planName?: string | null;
  advertiser?: string;
  bidMicros?: number;
}
interface Withdrawal {
  id: string;
  participantId: string;
  code: string;
  userId: string | null;
  amountMicros: number;
  currency: string;
  method: string;
  account: string;
  status: string;
  note: string | null;
  reviewedAt: string | null;
}

const errorOf = (answer: { body: { data: unknown } }) => (answer.body.data as ErrorData).error;

function planConfig(extra: Config = {}): Config {
  return {
    name: 'Spring plan',
    advertiser: 'Acme Shoes',
    pricing: 'cpm',
    bidMicros: 2_500_000,
    budgetMicros: 0,
    currency: 'USD',
    startDate: '2026-03-01',
    endDate: '2026-03-31',
    notes: '',
    ...extra,
  };
}

function campaignConfig(planId: string, extra: Config = {}): Config {
  return {
    name: 'Landing A',
    planId,
    landingUrl: 'https://shoes.example.com/spring',
    languages: ['en-US'],
    ...extra,
  };
}

describe('ad plans, ad campaigns and the offerwall cash pages', () => {
  let t: TestApp;
  let owner: SignedIn;
  let operator: SignedIn;
  let viewer: SignedIn;
  let projectId: string;
  let otherId: string;

  const as = (
    who: SignedIn,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    body?: unknown,
    project = projectId,
  ) => call<ReviewRow>(t.app, method, url, { token: who.token, projectId: project, lang: 'en', body });

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpOwner(t.app, 'owner@example.com');
    projectId = await createProject(t.app, owner, 'Ads', 'ads');
    otherId = await createProject(t.app, owner, 'Other', 'other');
    operator = await addMember(t.app, owner, 'operator@example.com', 'operator', [
      { projectId, permission: 'edit' },
    ]);
    viewer = await addMember(t.app, owner, 'viewer@example.com', 'viewer', [
      { projectId, permission: 'view' },
    ]);
  });
  afterAll(async () => t.close());

  describe('ad plans and campaigns', () => {
    let planId: string;

    it('creates a plan under review; the dates must not go backwards', async () => {
      const bad = await as(operator, 'POST', '/api/ads/plans', planConfig({ endDate: '2026-02-28' }));
      expect(bad.status).toBe(400);
      expect(paths(bad)).toEqual(['/endDate']);
      const created = await as(operator, 'POST', '/api/ads/plans', planConfig());
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      expect(created.body.data).toMatchObject({
        name: 'Spring plan',
        advertiser: 'Acme Shoes',
        pricing: 'cpm',
        bidMicros: 2_500_000,
        startDate: '2026-03-01',
        endDate: '2026-03-31',
        status: 'under-review',
        reviewNote: null,
        reviewedAt: null,
      });
      planId = created.body.data.id;
    });

    it('reviews only for advanced users, a rejection with a note, once', async () => {
      const byOperator = await as(operator, 'POST', `/api/ads/plans/${planId}/review`, {
        decision: 'approve',
      });
      expect(byOperator.status).toBe(403);
      expect(errorOf(byOperator)).toBe('adsAdvancedRequired');
      const byViewer = await as(viewer, 'POST', `/api/ads/plans/${planId}/review`, { decision: 'approve' });
      expect(byViewer.status).toBe(403);
      expect(errorOf(byViewer)).toBe('forbidden');

      const noNote = await as(owner, 'POST', `/api/ads/plans/${planId}/review`, {
        decision: 'reject',
        note: '  ',
      });
      expect(noNote.status).toBe(400);
      expect(paths(noNote)).toEqual(['/note']);
      const longNote = await as(owner, 'POST', `/api/ads/plans/${planId}/review`, {
        decision: 'reject',
        note: 'x'.repeat(301),
      });
      expect(paths(longNote)).toEqual(['/note']);

      const rejected = await as(owner, 'POST', `/api/ads/plans/${planId}/review`, {
        decision: 'reject',
        note: 'Bid too low',
      });
      expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
      expect(rejected.body.data).toMatchObject({
        status: 'rejected',
        reviewNote: 'Bid too low',
        reviewedAt: t.clock.now().toISOString(),
      });
      const again = await as(owner, 'POST', `/api/ads/plans/${planId}/review`, { decision: 'approve' });
      expect(again.status).toBe(409);
      expect(errorOf(again)).toBe('ads.notUnderReview');
      expect(again.body.msg).toBe('Only items under review can be reviewed');

      const elsewhere = await as(
        owner,
        'POST',
        `/api/ads/plans/${planId}/review`,
        { decision: 'approve' },
        otherId,
      );
      expect(elsewhere.status).toBe(404);
    });

    it('puts an edited plan back under review, and approves it', async () => {
      const edited = await as(
        operator,
        'PUT',
        `/api/ads/plans/${planId}`,
        planConfig({ bidMicros: 3_000_000 }),
      );
      expect(edited.status).toBe(200);
      expect(edited.body.data).toMatchObject({
        status: 'under-review',
        reviewNote: null,
        reviewedAt: null,
        bidMicros: 3_000_000,
      });
      const approved = await as(owner, 'POST', `/api/ads/plans/${planId}/review`, {
        decision: 'approve',
        note: 'OK',
      });
      expect(approved.body.data).toMatchObject({ status: 'normal', reviewNote: 'OK' });
      const read = await as(viewer, 'GET', `/api/ads/plans/${planId}`);
      expect(read.body.data.status).toBe('normal');
      const list = await call<{ items: ReviewRow[]; total: number }>(
        t.app,
        'GET',
        '/api/ads/plans?status=normal',
        {
          token: viewer.token,
          projectId,
        },
      );
      expect(list.body.data.items.map((r) => r.id)).toEqual([planId]);
      const waiting = await call<{ total: number }>(t.app, 'GET', '/api/ads/plans?status=under-review', {
        token: viewer.token,
        projectId,
      });
      expect(waiting.body.data.total).toBe(0);
      const again = await as(operator, 'PUT', `/api/ads/plans/${planId}`, planConfig());
      expect(again.body.data.status).toBe('under-review');
    });

    it('checks a campaign’s plan is one of the project’s, and reviews campaigns the same way', async () => {
      const foreignPlan = await as(owner, 'POST', '/api/ads/plans', planConfig({ name: 'Theirs' }), otherId);
      const before = await countRows(t.app);
      for (const id of ['no-such-plan', foreignPlan.body.data.id]) {
        const refused = await as(operator, 'POST', '/api/ads/campaigns', campaignConfig(id));
        expect(refused.status).toBe(400);
        expect(errorOf(refused)).toBe('ads.planUnknown');
        expect(paths(refused)).toEqual(['/planId']);
      }
      const privateUrl = await as(
        operator,
        'POST',
        '/api/ads/campaigns',
        campaignConfig(planId, { landingUrl: 'http://127.0.0.1/x' }),
      );
      expect(paths(privateUrl)).toEqual(['/landingUrl']);
      expect(await countRows(t.app)).toEqual(before);

      const created = await as(operator, 'POST', '/api/ads/campaigns', campaignConfig(planId));
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      expect(created.body.data).toMatchObject({
        name: 'Landing A',
        planId,
        planName: 'Spring plan',
        landingUrl: 'https://shoes.example.com/spring',
        status: 'under-review',
      });
      const id = created.body.data.id;
      const approved = await as(owner, 'POST', `/api/ads/campaigns/${id}/review`, { decision: 'approve' });
      expect(approved.body.data).toMatchObject({
        status: 'normal',
        planName: 'Spring plan',
        reviewNote: null,
      });
      const refused = await as(operator, 'POST', `/api/ads/campaigns/${id}/review`, {
        decision: 'reject',
        note: 'x',
      });
      expect(errorOf(refused)).toBe('adsAdvancedRequired');
      const edited = await as(
        operator,
        'PUT',
        `/api/ads/campaigns/${id}`,
        campaignConfig(planId, { name: 'Landing B' }),
      );
      expect(edited.body.data).toMatchObject({
        name: 'Landing B',
        status: 'under-review',
        planName: 'Spring plan',
      });
      const byPlan = await call<{ items: ReviewRow[] }>(t.app, 'GET', `/api/ads/campaigns?planId=${planId}`, {
        token: viewer.token,
        projectId,
      });
      expect(byPlan.body.data.items.map((r) => r.id)).toEqual([id]);

      // Deleting the plan takes its campaigns along.
      expect((await as(operator, 'DELETE', `/api/ads/plans/${planId}`)).status).toBe(200);
      expect((await as(viewer, 'GET', `/api/ads/campaigns/${id}`)).status).toBe(404);
    });

    it(`settles concurrent reviews of one plan once (${SERVERS_UNDER_TEST})`, async () => {
      const { servers, close } = await appServers(t);
      try {
        const plan = await as(operator, 'POST', '/api/ads/plans', planConfig({ name: 'Raced' }));
        const answers = await Promise.all(
          Array.from({ length: 6 }, (_, i) =>
            call(servers[i % servers.length], 'POST', `/api/ads/plans/${plan.body.data.id}/review`, {
              token: owner.token,
              projectId,
              body: i % 2 === 0 ? { decision: 'approve' } : { decision: 'reject', note: 'No' },
            }),
          ),
        );
        expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
        expect(answers.filter((a) => a.status === 409)).toHaveLength(5);
      } finally {
        await close();
      }
    });
  });

  describe('offerwall cash', () => {
    let account: SeededAccount;
    let alice: string;
    let bob: string;

    const withdrawals = (who: SignedIn, query = '') =>
      call<{ items: Withdrawal[]; total: number }>(t.app, 'GET', `/api/ads/cash/withdrawals${query}`, {
        token: who.token,
        projectId,
      });
    const review = (id: string, body: unknown, who = owner, app = t.app) =>
      call<Withdrawal>(app, 'POST', `/api/ads/cash/withdrawals/${id}/review`, {
        token: who.token,
        projectId,
        lang: 'en',
        body,
      });
    const balance = async (participantId: string) => {
      const rows = await t.app.ctx.db
        .selectFrom('offerwall_ledger')
        .select(['kind', 'amount_micros'])
        .where('participant_id', '=', participantId)
        .execute();
      return rows.reduce((sum, r) => sum + Number(r.amount_micros), 0);
    };

    beforeAll(async () => {
      account = await seedAccount(t.app, projectId, { offers: [{ id: 'survey', rewardMicros: 3_000_000 }] });
      alice = await seedParticipant(t.app, projectId, 'alice');
      bob = await seedParticipant(t.app, projectId, 'bob');
      for (const [txid, user] of [
        ['W1', 'alice'],
        ['W2', 'alice'],
        ['W3', 'bob'],
      ])
        expect(
          (await sendPostback(t.app, account, { txid, amount: '1', offer_id: 'survey', user_id: user }))
            .status,
        ).toBe(200);
      // Bob's credit is reversed.
      await sendPostback(t.app, account, { txid: 'W3', status: 'reversal' });
    });

    it('lists withdrawals newest first, accounts masked to users who are not advanced', async () => {
      const first = await seedWithdrawal(t.app, { projectId, participantId: alice, amountMicros: 1_000_000 });
      t.clock.advance(60_000);
      const second = await seedWithdrawal(t.app, {
        projectId,
        participantId: alice,
        amountMicros: 2_000_000,
      });
      const full = await withdrawals(owner);
      expect(full.body.data.total).toBe(2);
      expect(full.body.data.items.map((w) => w.id)).toEqual([second, first]);
      expect(full.body.data.items[0]).toMatchObject({
        participantId: alice,
        userId: 'alice',
        amountMicros: 2_000_000,
        currency: 'USD',
        method: 'paypal',
        account: 'payer@example.com',
        status: 'pending',
      });
      const masked = await withdrawals(operator);
      expect(masked.body.data.items[0].account).toBe('pa****om');
      expect((await withdrawals(viewer, '?status=approved')).body.data.total).toBe(0);
      expect(await balance(alice)).toBe(3_000_000);
    });

    it('approves from pending only; a rejection returns the money in the same step', async () => {
      const [latest, earliest] = (await withdrawals(owner)).body.data.items;
      const byOperator = await review(latest.id, { decision: 'approve' }, operator);
      expect(errorOf(byOperator)).toBe('adsAdvancedRequired');

      const approved = await review(earliest.id, { decision: 'approve' });
      expect(approved.status, JSON.stringify(approved.body)).toBe(200);
      expect(approved.body.data).toMatchObject({
        status: 'approved',
        reviewedAt: t.clock.now().toISOString(),
      });
      const twice = await review(earliest.id, { decision: 'reject' });
      expect(twice.status).toBe(409);
      expect(errorOf(twice)).toBe('ads.notPending');
      expect(await balance(alice)).toBe(3_000_000);

      const rejected = await review(latest.id, { decision: 'reject', note: 'Account name mismatch' });
      expect(rejected.body.data).toMatchObject({ status: 'rejected', note: 'Account name mismatch' });
      expect(await balance(alice)).toBe(5_000_000);
      const returned = await t.app.ctx.db
        .selectFrom('offerwall_ledger')
        .selectAll()
        .where('withdrawal_id', '=', latest.id)
        .orderBy('kind')
        .execute();
      expect(returned.map((r) => [r.kind, Number(r.amount_micros)])).toEqual([
        ['returned', 2_000_000],
        ['withdrawal', -2_000_000],
      ]);
      expect((await review(latest.id, { decision: 'approve' })).status).toBe(409);
      const elsewhere = await call(t.app, 'POST', `/api/ads/cash/withdrawals/${latest.id}/review`, {
        token: owner.token,
        projectId: otherId,
        body: { decision: 'approve' },
      });
      expect(elsewhere.status).toBe(404);
    });

    it(`settles concurrent reviews of one withdrawal once (${SERVERS_UNDER_TEST})`, async () => {
      const { servers, close } = await appServers(t);
      try {
        for (let round = 0; round < 3; round += 1) {
          const before = await balance(bob);
          const id = await seedWithdrawal(t.app, { projectId, participantId: bob, amountMicros: 100_000 });
          const answers = await Promise.all(
            Array.from({ length: 8 }, (_, i) =>
              review(
                id,
                i % 2 === 0 ? { decision: 'reject' } : { decision: 'approve' },
                owner,
                servers[i % servers.length],
              ),
            ),
          );
          const winners = answers.filter((a) => a.status === 200);
          expect(winners).toHaveLength(1);
          expect(answers.filter((a) => a.status === 409)).toHaveLength(7);
          const returned = await t.app.ctx.db
            .selectFrom('offerwall_ledger')
            .select('id')
            .where('withdrawal_id', '=', id)
            .where('kind', '=', 'returned')
            .execute();
          const rejected = winners[0].body.data.status === 'rejected';
          expect(returned).toHaveLength(rejected ? 1 : 0);
          expect(await balance(bob)).toBe(rejected ? before : before - 100_000);
        }
      } finally {
        await close();
      }
    });

    it('shows the offerwall users and the cash overview', async () => {
      const users = await call<{
        totals: Record<string, number>;
        items: Record<string, unknown>[];
        total: number;
        currency: string;
      }>(t.app, 'GET', '/api/ads/offerwall/users', { token: viewer.token, projectId });
      expect(users.status, JSON.stringify(users.body)).toBe(200);
      const bobBalance = await balance(bob);
      const bobApproved = await t.app.ctx.db
        .selectFrom('withdrawals')
        .select('amount_micros')
        .where('participant_id', '=', bob)
        .where('status', '=', 'approved')
        .execute();
      const bobWithdrawn = bobApproved.reduce((sum, r) => sum + Number(r.amount_micros), 0);
      expect(users.body.data.currency).toBe('USD');
      expect(users.body.data.total).toBe(2);
      expect(users.body.data.totals).toEqual({
        users: 2,
        earnedMicros: 9_000_000,
        withdrawnMicros: 1_000_000 + bobWithdrawn,
        balanceMicros: 5_000_000 + bobBalance,
        pendingMicros: 0,
      });
      const byUser = Object.fromEntries(users.body.data.items.map((item) => [item.userId as string, item]));
      expect(byUser.alice).toMatchObject({
        participantId: alice,
        earnedMicros: 6_000_000,
        reversedMicros: 0,
        withdrawnMicros: 1_000_000,
        pendingMicros: 0,
        balanceMicros: 5_000_000,
      });
      expect(byUser.bob).toMatchObject({
        earnedMicros: 3_000_000,
        reversedMicros: 3_000_000,
        balanceMicros: bobBalance,
      });
      const searched = await call<{ items: { userId: string }[]; total: number }>(
        t.app,
        'GET',
        '/api/ads/offerwall/users?q=ALI',
        { token: viewer.token, projectId },
      );
      expect(searched.body.data.items.map((i) => i.userId)).toEqual(['alice']);
      expect(searched.body.data.total).toBe(1);

      const pending = await seedWithdrawal(t.app, { projectId, participantId: alice, amountMicros: 500_000 });
      const overview = await call<{
        balanceMicros: number;
        pending: { count: number; micros: number };
        approved: { count: number; micros: number };
        rejected: { count: number; micros: number };
        series: { date: string; creditedMicros: number; withdrawnMicros: number }[];
        currency: string;
        from: string;
        to: string;
      }>(t.app, 'GET', '/api/ads/cash/overview', { token: viewer.token, projectId });
      expect(overview.status, JSON.stringify(overview.body)).toBe(200);
      const data = overview.body.data;
      expect(data).toMatchObject({ from: '2026-02-23', to: '2026-03-01', currency: 'USD' });
      expect(data.balanceMicros).toBe(4_500_000 + bobBalance);
      expect(data.pending).toEqual({ count: 1, micros: 500_000 });
      expect(data.approved.micros).toBe(1_000_000 + bobWithdrawn);
      expect(data.approved.count + data.rejected.count).toBe(2 + 3);
      expect(data.series).toHaveLength(7);
      expect(data.series[6]).toEqual({
        date: '2026-03-01',
        creditedMicros: 9_000_000 - 3_000_000,
        withdrawnMicros: 1_000_000 + bobWithdrawn,
      });
      expect(data.series.slice(0, 6).every((d) => d.creditedMicros === 0 && d.withdrawnMicros === 0)).toBe(
        true,
      );
      await review(pending, { decision: 'reject' });
    });
  });
});
