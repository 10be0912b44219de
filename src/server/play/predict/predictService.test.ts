import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SchemaEngine } from '../../../engine/createSchemaEngine';
import { loadRegistry } from '../../schemas/loadRegistry';
import { AppError } from '../../errors';
import { runAction } from '../playActions';
import { playTestDb, type PlayTestDb } from '../playTestDb';
import type { PlayCampaign } from '../playCampaign';
import {
  CORRECTION_MS,
  PREDICT_SETTLE_JOB,
  enterResult,
  predictCampaignOf,
  predictViewOf,
  settleJob,
  settleNow,
} from './predictService';

// The console's side of a prediction without HTTP: its view, results entered and settlement, on
// a migrated in-memory database with the repository's schema folders.
const NOW = new Date('2026-03-01T08:00:00.000Z');
const HOUR = 3_600_000;
const at = (ms: number) => new Date(NOW.getTime() + ms);

let schemas: SchemaEngine;
let t: PlayTestDb;
beforeAll(async () => {
  schemas = await loadRegistry();
});
beforeEach(async () => {
  t = await playTestDb(NOW);
  await t.db
    .insertInto('users')
    .values({
      id: 'op',
      organisation_id: 'org',
      name: 'Operator',
      email: 'op@example.com',
      password_hash: '',
      role: 'operator',
      last_login_at: null,
      created_at: NOW.toISOString(),
      updated_at: NOW.toISOString(),
    })
    .execute();
});
afterEach(() => t.close());

const match = (id: string, options: string[]) => ({
  id,
  title: { 'zh-CN': `比赛 ${id}`, 'en-US': `Match ${id}` },
  options: options.map((o) => ({ id: o, label: { 'zh-CN': o, 'en-US': o.toUpperCase() } })),
});

/** A prediction saved as the console saves it (gameplay `match-prediction`). */
async function prediction(fields: Record<string, unknown> = {}) {
  const saved = await t.addCampaign(
    'predict',
    {
      mode: 'prediction',
      settlement: 'each',
      drawTime: at(2 * HOUR).toISOString(),
      matches: [match('m1', ['home', 'away']), match('m2', ['yes', 'no'])],
      prizes: [{ id: 'gold', name: { 'en-US': 'Gold' }, deliveryType: 'system', isThank: false, stock: 5 }],
      ...fields,
    },
    { mark: 'match-prediction' },
  );
  return predictCampaignOf(schemas, saved.row);
}

const refusal = (run: () => Promise<unknown>) =>
  run().then(
    () => 'done',
    (error: unknown) => (error instanceof AppError ? error.key : Promise.reject(error)),
  );

const enter = (campaign: PlayCampaign, matchId: string, optionId: string, now = NOW) =>
  enterResult(t.db, campaign, { matchId, optionId, userId: 'op', now });

async function jobs(campaign: PlayCampaign) {
  return t.db
    .selectFrom('scheduled_jobs')
    .select(['kind', 'state', 'run_at', 'created_by'])
    .where('subject_id', '=', campaign.row.id)
    .orderBy('created_at')
    .orderBy('run_at')
    .execute();
}

describe('predictService', () => {
  it('answers the console view of a prediction, and null for another gameplay', async () => {
    const campaign = await prediction();
    const ann = await t.addParticipant('ann');
    await runAction(t.db, {
      campaign,
      participant: ann,
      action: 'predict',
      key: 'k1',
      body: { matchId: 'm1', optionId: 'away' },
      now: NOW,
      dbKind: 'sqlite',
    });
    expect(await predictViewOf(t.db, schemas, campaign.row, 'en-US')).toEqual({
      mode: 'prediction',
      method: 'each',
      closesAt: at(2 * HOUR).toISOString(),
      matches: [
        {
          id: 'm1',
          title: 'Match m1',
          result: null,
          options: [
            { id: 'home', label: 'HOME', picks: 0 },
            { id: 'away', label: 'AWAY', picks: 1 },
          ],
        },
        {
          id: 'm2',
          title: 'Match m2',
          result: null,
          options: [
            { id: 'yes', label: 'YES', picks: 0 },
            { id: 'no', label: 'NO', picks: 0 },
          ],
        },
      ],
      pickers: 1,
      settlement: null,
    });
    const wheel = await t.addCampaign('draw', { prizes: [] }, { mark: 'lucky-wheel' });
    expect(await predictViewOf(t.db, schemas, wheel.row, 'en-US')).toBeNull();
    expect(() => predictCampaignOf(schemas, wheel.row)).toThrow(expect.objectContaining({ key: 'notFound' }));
  });

  it('enters and corrects results, schedules the settlement once every match has one, and refuses bad ones', async () => {
    const campaign = await prediction();
    expect(await refusal(() => enter(campaign, 'm9', 'home'))).toBe('notFound');
    expect(await refusal(() => enter(campaign, 'm1', 'yes'))).toBe('predict.badOption');
    await enter(campaign, 'm1', 'home');
    expect(await jobs(campaign)).toEqual([]);
    await enter(campaign, 'm2', 'no');
    // At the draw time, every result being in before it.
    expect(await jobs(campaign)).toEqual([
      { kind: PREDICT_SETTLE_JOB, state: 'pending', run_at: at(2 * HOUR).toISOString(), created_by: 'op' },
    ]);
    // A correction after the draw time moves the job to CORRECTION_MS after it.
    const late = at(3 * HOUR);
    await enter(campaign, 'm2', 'yes', late);
    const planned = await jobs(campaign);
    expect(planned.map((j) => j.state)).toEqual(['cancelled', 'pending']);
    expect(planned[1].run_at).toBe(new Date(late.getTime() + CORRECTION_MS).toISOString());
    const view = await predictViewOf(t.db, schemas, campaign.row, 'en-US');
    expect(view?.matches.map((m) => m.result)).toEqual(['home', 'yes']);

    await settleNow(t.db, campaign, 'op', { now: late, dbKind: 'sqlite' });
    expect(await refusal(() => enter(campaign, 'm1', 'away', late))).toBe('predict.settled');
    expect((await predictViewOf(t.db, schemas, campaign.row, 'en-US'))?.matches[0].result).toBe('home');
  });

  it('settles by hand once, naming who settled', async () => {
    const campaign = await prediction();
    const ann = await t.addParticipant('ann');
    for (const [key, matchId, optionId] of [
      ['k1', 'm1', 'home'],
      ['k2', 'm2', 'yes'],
    ])
      await runAction(t.db, {
        campaign,
        participant: ann,
        action: 'predict',
        key,
        body: { matchId, optionId },
        now: NOW,
        dbKind: 'sqlite',
      });
    await enter(campaign, 'm1', 'home');
    expect(await refusal(() => settleNow(t.db, campaign, 'op', { now: NOW, dbKind: 'sqlite' }))).toBe(
      'predict.resultsMissing',
    );
    await enter(campaign, 'm2', 'yes');
    expect(await refusal(() => settleNow(t.db, campaign, 'op', { now: NOW, dbKind: 'sqlite' }))).toBe(
      'predict.tooEarly',
    );
    const first = await settleNow(t.db, campaign, 'op', { now: at(2 * HOUR), dbKind: 'sqlite' });
    expect(first).toEqual({ settled: true, winners: 1, qualified: 1, deliveries: 0 });
    expect(await settleNow(t.db, campaign, 'op', { now: at(2 * HOUR), dbKind: 'sqlite' })).toMatchObject({
      settled: false,
    });
    expect((await predictViewOf(t.db, schemas, campaign.row, 'en-US'))?.settlement).toEqual({
      settledAt: at(2 * HOUR).toISOString(),
      winners: 1,
      qualified: 1,
      by: 'Operator',
    });
  });

  it('settles in the job transaction, skipping what no longer applies', async () => {
    const campaign = await prediction({ mode: 'voting' });
    const job = (now: Date, id = campaign.row.id) =>
      t.db.transaction().execute((trx) => settleJob(trx, schemas, id, { now, dbKind: 'sqlite' }));
    expect(await job(at(2 * HOUR), 'gone')).toEqual({ skipped: 'campaign deleted' });
    expect(await job(NOW)).toEqual({ skipped: 'predict.tooEarly' });
    expect(await job(at(2 * HOUR))).toEqual({ settled: true, winners: 0, qualified: 0, deliveries: 0 });
    const wheel = await t.addCampaign('draw', { prizes: [] }, { mark: 'lucky-wheel' });
    expect(await job(at(2 * HOUR), wheel.row.id)).toEqual({ skipped: 'notFound' });
    // By the scheduler: no person.
    expect((await predictViewOf(t.db, schemas, campaign.row, 'en-US'))?.settlement).toMatchObject({
      by: null,
    });
  });
});
