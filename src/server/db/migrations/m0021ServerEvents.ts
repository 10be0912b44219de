import { sql, type Kysely, type Migration } from 'kysely';

// Server-to-server events and where progress may come from. Each stored event says which door
// it came through (`via`: 'sdk' with the access key that ships in apps, 'server' signed with the
// project's API secret). Campaigns and tasks now say whether the SDK may move their progress;
// a config without the setting takes server events only, so the ones that moved on SDK events
// before this migration are given `progressSource: 'sdk'` here and keep working as they did
// (an operator can switch them to the server in the wizard).

type Config = Record<string, unknown>;

/** Gameplays whose own progress moves on app events (the setting sits on the config). */
const CAMPAIGN_LEVEL = new Set(['referral', 'raising']);
/** Gameplays and sub-activities whose tasks move on app events (the setting sits on each task). */
const TASK_LEVEL = new Set(['coin-pool', 'dice', 'task-center', 'super-task']);

function keepSdk(target: Config): boolean {
  if ('progressSource' in target) return false;
  target.progressSource = 'sdk';
  return true;
}

/** The config with the SDK kept as a source, or null when nothing changes. */
function withSdkKept(mark: string, text: string): string | null {
  let config: Config;
  try {
    config = JSON.parse(text) as Config;
  } catch {
    return null;
  }
  if (!config || typeof config !== 'object') return null;
  let changed = false;
  if (CAMPAIGN_LEVEL.has(mark)) changed = keepSdk(config);
  if (TASK_LEVEL.has(mark) && Array.isArray(config.tasks))
    for (const task of config.tasks as unknown[])
      if (task && typeof task === 'object' && keepSdk(task as Config)) changed = true;
  return changed ? JSON.stringify(config) : null;
}

export const m0021ServerEvents: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('sdk_events')
      .addColumn('via', 'text', (c) => c.notNull().defaultTo('sdk'))
      .execute();
    const trx = db as Kysely<{
      campaigns: { id: string; mark: string; config: string };
      project_tasks: { id: string; config: string };
    }>;
    const campaigns = await trx
      .selectFrom('campaigns')
      .select(['id', 'mark', 'config'])
      .where('mark', 'in', [...CAMPAIGN_LEVEL, ...TASK_LEVEL])
      .execute();
    for (const row of campaigns) {
      const config = withSdkKept(row.mark, row.config);
      if (config) await trx.updateTable('campaigns').set({ config }).where('id', '=', row.id).execute();
    }
    // The project's task center: one task per row.
    for (const row of await trx.selectFrom('project_tasks').select(['id', 'config']).execute()) {
      let task: Config;
      try {
        task = JSON.parse(row.config) as Config;
      } catch {
        continue;
      }
      if (task && typeof task === 'object' && keepSdk(task))
        await trx
          .updateTable('project_tasks')
          .set({ config: JSON.stringify(task) })
          .where('id', '=', row.id)
          .execute();
    }
  },
  async down(db: Kysely<unknown>) {
    await sql`alter table sdk_events drop column via`.execute(db);
  },
};
