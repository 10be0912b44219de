import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import type { CampaignKind } from '../db/campaignTables';
import type { CampaignPhase } from '../../engine/rules/campaignStatus';
import { TEST_TIME, testDb } from '../db/testDb';
import type { MechanicModule } from '../play/mechanicModule';
import { CAMPAIGN_GO_OFFLINE, planOfflineJob } from './planOfflineJob';

// Jobs a campaign plans when it is published or changed, without HTTP: the scheduler's rows are
// read back. Which mechanic settles is asked of the mechanic modules (their `configShape` and
// `settleJob`), so a made-up module plans its own job here without planOfflineJob knowing it.
const NOW = TEST_TIME;
const DAY = 86_400_000;

let db: Kysely<Database>;
beforeEach(async () => {
  ({ db } = await testDb());
});
afterEach(() => db.destroy());

let seq = 0;
/** A campaign row online since yesterday for a week, of `kind`, with `config`. */
function campaign(
  config: Record<string, unknown>,
  extra: { kind?: CampaignKind; phase?: CampaignPhase; end?: string } = {},
) {
  seq += 1;
  return {
    id: `c${seq}`,
    project_id: 'p1',
    kind: extra.kind ?? 'gameplay',
    mark: 'any-folder',
    config: JSON.stringify(config),
    phase: extra.phase ?? 'online',
    start_time: new Date(NOW.getTime() - DAY).toISOString(),
    end_time: extra.end ?? new Date(NOW.getTime() + 7 * DAY).toISOString(),
    online_at: null,
    whitelist_enabled: 0,
  };
}

async function jobsOf(id: string) {
  return db
    .selectFrom('scheduled_jobs')
    .select(['kind', 'run_at', 'state', 'error', 'created_by'])
    .where('subject_id', '=', id)
    .orderBy('created_at')
    .orderBy('kind')
    .execute();
}

const pool = {
  pool: { total: 1000 },
  tasks: [],
  roundHours: 6,
  drawTime: '2026-02-28T20:00:00.000Z',
};

describe('planOfflineJob', () => {
  it("plans a coin pool's settling at the end of the round running now, and its offline time", async () => {
    const row = campaign({ ...pool, offlineAt: '2026-03-05T00:00:00.000Z' });
    await planOfflineJob(db, row, NOW, 'u1');
    // Rounds: the start to the draw time, then 6 hours each: 20:00, 02:00, 08:00, 14:00 ...
    // The round ending at 08:00 (now) has ended; the running one ends at 14:00.
    expect(await jobsOf(row.id)).toEqual([
      {
        kind: CAMPAIGN_GO_OFFLINE,
        run_at: '2026-03-05T00:00:00.000Z',
        state: 'pending',
        error: null,
        created_by: 'u1',
      },
      {
        kind: 'pool.settle',
        run_at: '2026-03-01T14:00:00.000Z',
        state: 'pending',
        error: null,
        created_by: 'u1',
      },
    ]);
  });

  it('settles an invite contest at its end; a referral and other mechanics plan no settling', async () => {
    const contest = campaign({ rankRewards: [] }, { kind: 'sub-activity' });
    const referral = campaign({ inviteRules: [], rankRewards: [] });
    const draw = campaign({ prizes: [] });
    for (const row of [contest, referral, draw]) await planOfflineJob(db, row, NOW, null);
    expect(await jobsOf(contest.id)).toEqual([
      { kind: 'contest.settle', run_at: contest.end_time, state: 'pending', error: null, created_by: null },
    ]);
    expect(await jobsOf(referral.id)).toEqual([]);
    expect(await jobsOf(draw.id)).toEqual([]);
  });

  it('plans nothing for a campaign not published, an ended one, or a past offline time', async () => {
    const draft = campaign({ ...pool, offlineAt: '2026-03-05T00:00:00.000Z' }, { phase: 'draft' });
    const ended = campaign(
      { rankRewards: [], offlineAt: '2026-03-05T00:00:00.000Z' },
      { kind: 'sub-activity', end: NOW.toISOString() },
    );
    const past = campaign({ offlineAt: '2026-03-01T07:59:59.000Z' });
    for (const row of [draft, ended, past]) await planOfflineJob(db, row, NOW, null);
    expect(await jobsOf(draft.id)).toEqual([]);
    // The offline time still counts after the end; the contest's settling does not.
    expect((await jobsOf(ended.id)).map((j) => j.kind)).toEqual([CAMPAIGN_GO_OFFLINE]);
    expect(await jobsOf(past.id)).toEqual([]);
  });

  it('planning again cancels the waiting jobs first: a moved end moves the settling', async () => {
    const row = campaign(
      { rankRewards: [], offlineAt: '2026-03-05T00:00:00.000Z' },
      { kind: 'sub-activity' },
    );
    await planOfflineJob(db, row, NOW, null);
    const later = new Date(NOW.getTime() + 1000);
    await planOfflineJob(db, { ...row, end_time: '2026-03-06T00:00:00.000Z' }, later, null);
    const jobs = await jobsOf(row.id);
    expect(jobs.map((j) => [j.kind, j.run_at, j.state, j.error])).toEqual([
      [CAMPAIGN_GO_OFFLINE, '2026-03-05T00:00:00.000Z', 'cancelled', 'replanned'],
      ['contest.settle', row.end_time, 'cancelled', 'replanned'],
      [CAMPAIGN_GO_OFFLINE, '2026-03-05T00:00:00.000Z', 'pending', null],
      ['contest.settle', '2026-03-06T00:00:00.000Z', 'pending', null],
    ]);
  });

  it("plans a new mechanic's settling from its module alone, for a config of its shape", async () => {
    const laps: MechanicModule = {
      mechanic: 'laps',
      configShape: (_row, config) => typeof config.lapCount === 'number',
      settleJob: {
        kind: 'laps.settle',
        runAt: (row, config) => (config.lapCount === 0 ? null : Date.parse(row.end_time) - 60_000),
      },
    };
    const shaped = campaign({ lapCount: 3 });
    const none = campaign({ lapCount: 0 });
    const other = campaign({ ...pool });
    for (const row of [shaped, none, other]) await planOfflineJob(db, row, NOW, null, [laps]);
    expect((await jobsOf(shaped.id)).map((j) => [j.kind, j.run_at])).toEqual([
      ['laps.settle', new Date(Date.parse(shaped.end_time) - 60_000).toISOString()],
    ]);
    expect(await jobsOf(none.id)).toEqual([]);
    // Only the modules handed in plan: the pool's settling is not among them.
    expect(await jobsOf(other.id)).toEqual([]);
    // And a waiting job of the module is cancelled when the campaign is planned again.
    await planOfflineJob(db, { ...shaped, config: JSON.stringify({ lapCount: 0 }) }, NOW, null, [laps]);
    expect((await jobsOf(shaped.id)).map((j) => [j.kind, j.state])).toEqual([['laps.settle', 'cancelled']]);
  });
});
