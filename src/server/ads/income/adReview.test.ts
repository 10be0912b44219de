import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../errors';
import { testDb, TEST_TIME, type TestDb } from '../../db/testDb';
import { assertProjectPlan, reviewAdRow } from './adReview';

/** The AppError key and field paths a call throws. */
async function refusal(run: () => Promise<unknown>) {
  try {
    await run();
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { key: error.key, paths: error.options.errors?.('en-US').map((e) => e.path) };
  }
  return undefined;
}

describe('adReview', () => {
  let t: TestDb;
  const time = TEST_TIME.toISOString();
  const later = '2026-03-02T09:00:00.000Z';
  const row = (id: string, name: string, config: Record<string, unknown>) => ({
    id,
    project_id: 'p1',
    name,
    config: JSON.stringify(config),
    created_by: null,
    created_at: time,
    updated_at: time,
    status: 'under-review' as const,
    review_note: null,
    reviewed_by: null,
    reviewed_at: null,
  });

  beforeEach(async () => {
    t = await testDb();
    await t.db
      .insertInto('ad_plans')
      .values(row('pl1', 'Spring', { name: 'Spring', advertiser: 'Acme', bidMicros: 5, currency: 'USD' }))
      .execute();
    await t.db
      .insertInto('ad_campaigns')
      .values({ ...row('c1', 'Launch', { name: 'Launch', planId: 'pl1' }), plan_id: 'pl1' })
      .execute();
  });
  afterEach(async () => {
    await t.db.destroy();
  });

  it('approves a plan under review once; a second review is told it is not under review', async () => {
    const review = { id: 'pl1', decision: 'approve' as const, reviewerId: 'u1', now: later };
    expect(await reviewAdRow(t.db, 'p1', 'plans', review)).toMatchObject({
      id: 'pl1',
      name: 'Spring',
      advertiser: 'Acme',
      bidMicros: 5,
      status: 'normal',
      reviewNote: null,
      reviewedAt: later,
      config: { name: 'Spring', advertiser: 'Acme', bidMicros: 5, currency: 'USD' },
      createdAt: time,
    });
    expect(await refusal(() => reviewAdRow(t.db, 'p1', 'plans', review))).toEqual({
      key: 'ads.notUnderReview',
      paths: undefined,
    });
    const stored = await t.db.selectFrom('ad_plans').select(['status', 'reviewed_by']).executeTakeFirst();
    expect(stored).toEqual({ status: 'normal', reviewed_by: 'u1' });
  });

  it('rejects a campaign only with a note, and answers it with its plan name', async () => {
    const review = { id: 'c1', decision: 'reject' as const, reviewerId: 'u1', now: later };
    expect(await refusal(() => reviewAdRow(t.db, 'p1', 'campaigns', { ...review, note: '  ' }))).toEqual({
      key: 'validation',
      paths: ['/note'],
    });
    expect(await reviewAdRow(t.db, 'p1', 'campaigns', { ...review, note: ' Too loud ' })).toMatchObject({
      id: 'c1',
      planId: 'pl1',
      planName: 'Spring',
      status: 'rejected',
      reviewNote: 'Too loud',
    });
  });

  it('answers 404 for another project’s row or none', async () => {
    const review = { decision: 'approve' as const, reviewerId: 'u1', now: later };
    expect(await refusal(() => reviewAdRow(t.db, 'p2', 'plans', { ...review, id: 'pl1' }))).toMatchObject({
      key: 'notFound',
    });
    expect(await refusal(() => reviewAdRow(t.db, 'p1', 'campaigns', { ...review, id: 'pl1' }))).toMatchObject(
      { key: 'notFound' },
    );
  });

  it('takes only a plan of the project for a campaign', async () => {
    await expect(assertProjectPlan(t.db, 'p1', { planId: 'pl1' })).resolves.toBeUndefined();
    for (const config of [{ planId: 'nope' }, { planId: 7 }, {}])
      expect(await refusal(() => assertProjectPlan(t.db, 'p1', config))).toEqual({
        key: 'ads.planUnknown',
        paths: ['/planId'],
      });
    expect(await refusal(() => assertProjectPlan(t.db, 'p2', { planId: 'pl1' }))).toMatchObject({
      key: 'ads.planUnknown',
    });
  });
});
