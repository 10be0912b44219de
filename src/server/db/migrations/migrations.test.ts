import { describe, expect, it } from 'vitest';
import type { Migration } from 'kysely';
import { MECHANIC_MODULES } from '../../play/mechanicModules';
import { allMigrations, migrations } from './migrations';

const noop = (): Migration => ({ up: async () => {} });

describe('the migrations list', () => {
  it('holds every shipped name once, in name order, with each mechanic module’s migrations', () => {
    const names = Object.keys(migrations);
    expect(names).toEqual([...names].sort());
    expect(names).toEqual([
      '0001_foundation',
      '0002_campaigns',
      '0003_links',
      '0004_sdk',
      '0005_sdk_activity',
      '0006_project_time_zones',
      '0007_play',
      '0008_quiz',
      '0009_predict',
      '0010_invite',
      '0011_contest',
      '0012_collect',
      '0013_pool',
      '0014_check_in_tasks',
      '0015_project_tasks',
      '0016_dice',
      '0017_raise',
      '0018_turbo',
      '0019_ads',
      '0020_play_action_fingerprints',
      '0021_server_events',
      '0022_risk_blocklist',
      '0023_play_risk',
      '0024_link_rollups',
      '0026_campaign_revisions',
      '0027_task_summaries',
      '0028_predict_collect_summaries',
      '0030_check_in_summaries',
      '0031_pool_summaries',
    ]);
    for (const module of MECHANIC_MODULES)
      for (const [name, migration] of Object.entries(module.migrations ?? {}))
        expect(migrations[name]).toBe(migration);
  });

  it('merges a migration two modules share, and refuses two different migrations of one name', () => {
    const shared = noop();
    const common = { '0001_a': noop() };
    const merged = allMigrations(common, [
      { mechanic: 'b', migrations: { '0003_c': noop(), '0002_shared': shared } },
      { mechanic: 'c', migrations: { '0002_shared': shared } },
    ]);
    expect(Object.keys(merged)).toEqual(['0001_a', '0002_shared', '0003_c']);
    expect(() => allMigrations(common, [{ mechanic: 'd', migrations: { '0001_a': noop() } }])).toThrow(
      /migration 0001_a of d is another migration of that name/,
    );
  });
});
