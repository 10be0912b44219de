// For the play runtime's unit tests: a fresh in-memory SQLite database made by the migrations,
// with one organisation and project, and campaigns and participants added as a test needs them.
// Campaigns are read for play exactly as the server reads them, from their saved row, with the
// mechanic a gameplay folder would name.
import { chanceRules } from '../../engine/play/chances';
import { moneyToMicros } from '../../engine/play/draw';
import { createDb } from '../db/createDb';
import type { CampaignRow } from '../db/campaignTables';
import { randomId } from '../db/randomId';
import { findOrCreateParticipant } from './participants';
import { list, obj, type Config, type PlayCampaign } from './playCampaign';
import type { ParticipantRow } from './playTables';

export type PlayTestDb = Awaited<ReturnType<typeof playTestDb>>;

/** A migrated in-memory database with a project; `close` when done. */
export async function playTestDb(now: Date) {
  const { db } = await createDb('sqlite::memory:');
  const at = now.toISOString();
  const projectId = randomId();
  await db.insertInto('organisations').values({ id: 'org', name: 'Org', created_at: at }).execute();
  await db
    .insertInto('projects')
    .values({
      id: projectId,
      organisation_id: 'org',
      name: 'Project',
      domain_prefix: 'p',
      created_at: at,
      updated_at: at,
    })
    .execute();

  /** A running campaign (online since yesterday, for a week) of `mechanic` with `config`. */
  async function addCampaign(
    mechanic: string,
    config: Config,
    row: Partial<CampaignRow> = {},
  ): Promise<PlayCampaign> {
    const day = 86_400_000;
    const saved: CampaignRow = {
      id: randomId(),
      project_id: projectId,
      area: 'growth',
      kind: 'gameplay',
      mark: mechanic,
      template_mark: null,
      title: `A ${mechanic}`,
      goal: null,
      config: JSON.stringify(config),
      phase: 'online',
      start_time: new Date(now.getTime() - day).toISOString(),
      end_time: new Date(now.getTime() + 7 * day).toISOString(),
      start_text: '',
      end_text: '',
      timezone: 'GMT+08:00',
      online_at: null,
      whitelist_enabled: 0,
      parent_id: null,
      download_page_id: null,
      created_by: null,
      updated_by: null,
      created_at: at,
      updated_at: at,
      revision: 0,
      ...row,
    };
    await db.insertInto('campaigns').values(saved).execute();
    const total = Number(obj(config.budget).total ?? 0);
    return {
      row: saved,
      config,
      mechanic,
      renderer: null,
      playable: true,
      chances: chanceRules(config),
      prizes: list(config.prizes),
      budgetMicros: total > 0 ? moneyToMicros(total) : null,
      timezone: saved.timezone ?? 'GMT+00:00',
    };
  }

  /** A signed-in participant of the project. */
  async function addParticipant(userId: string, userType: string | null = null): Promise<ParticipantRow> {
    const made = await findOrCreateParticipant(db, { projectId, userId, via: 'handoff', userType }, now);
    return made.participant;
  }

  return { db, projectId, addCampaign, addParticipant, close: () => db.destroy() };
}
