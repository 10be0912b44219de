import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addTestProject } from '../db/projectTestDb';
import { AppError } from '../errors';
import { testDb, TEST_TIME, type TestDb } from '../db/testDb';
import type { CampaignRow } from '../db/campaignTables';
import {
  assertEditable,
  bindDownloadPage,
  channelEntries,
  copyConfig,
  deleteCampaign,
  editedCampaign,
  insertCampaign,
  insertCopy,
  linkNeedle,
  listCampaigns,
  newCampaignRow,
  parseBound,
  replaceChannels,
  saveCampaign,
} from './campaignService';

const config = {
  title: 'Wheel',
  goal: 'engagement-retention',
  startTime: '2026-03-02T00:00:00Z',
  endTime: '2026-03-31T00:00:00Z',
  timezone: 'GMT+08:00',
  whitelist: { enabled: true },
};
const DAY = 86_400_000;
const at = (days: number) => new Date(TEST_TIME.getTime() + days * DAY);

/** The AppError key a call throws (sync or async). */
async function errorKey(run: () => unknown): Promise<string> {
  try {
    await run();
  } catch (error) {
    if (error instanceof AppError) return error.key;
    throw error;
  }
  return 'none';
}

describe('campaignService', () => {
  let t: TestDb;
  const draft = (title = 'Wheel', area: CampaignRow['area'] = 'growth') =>
    newCampaignRow(
      {
        projectId: t.projectId,
        userId: t.userId,
        area,
        kind: 'gameplay',
        mark: 'wheel',
        templateMark: null,
        parentId: null,
        config: { ...config, title },
      },
      TEST_TIME,
    );
  const stored = async (id: string) =>
    t.db.selectFrom('campaigns').selectAll().where('id', '=', id).executeTakeFirst();

  beforeEach(async () => {
    t = await testDb();
  });
  afterEach(async () => {
    await t.db.destroy();
  });

  it('reads day bounds as whole UTC days and refuses a date that is none', () => {
    expect(parseBound(undefined, 'from')).toBeUndefined();
    expect(parseBound('2026-03-01', 'from')).toBe(Date.parse('2026-03-01T00:00:00Z'));
    expect(parseBound('2026-03-01', 'to')).toBe(Date.parse('2026-03-02T00:00:00Z'));
    expect(parseBound('2026-03-01T10:00:00Z', 'to')).toBe(Date.parse('2026-03-01T10:00:00Z'));
    expect(() => parseBound('yesterday', 'to')).toThrow(AppError);
    expect(linkNeedle('https://console.example.com/p/abc%20d?x=1')).toBe('abc d');
    expect(linkNeedle('  abc ')).toBe('abc');
  });

  it('creates a draft whose columns and whitelist come from the config, and ends the wizard', async () => {
    await t.db
      .insertInto('campaign_drafts')
      .values({
        id: 'd1',
        project_id: t.projectId,
        user_id: t.userId,
        area: 'growth',
        kind: 'gameplay',
        mark: 'wheel',
        template_mark: null,
        campaign_key: '',
        step: 'basic',
        config: '{}',
        created_at: TEST_TIME.toISOString(),
        updated_at: TEST_TIME.toISOString(),
      })
      .execute();
    const row = draft();
    expect(row).toMatchObject({
      phase: 'draft',
      title: 'Wheel',
      start_time: '2026-03-02T00:00:00.000Z',
      whitelist_enabled: 1,
      created_by: t.userId,
    });
    await insertCampaign(t.db, row, TEST_TIME);
    expect(await stored(row.id)).toEqual(row);
    const events = await t.db.selectFrom('campaign_events').selectAll().execute();
    expect(events.map((e) => [e.action, e.to_status, e.actor_id])).toEqual([['create', 'draft', t.userId]]);
    expect(await t.db.selectFrom('campaign_drafts').selectAll().execute()).toEqual([]);
  });

  it('lists by area, title, link and status, newest first, one page at a time', async () => {
    const rows = [draft('Spring wheel'), draft('Summer wheel'), draft('Ads wheel', 'ads')];
    rows[1].created_at = at(1).toISOString();
    for (const row of rows) await insertCampaign(t.db, row, TEST_TIME);
    const query = { page: 1, pageSize: 20 };
    const list = (q: object) =>
      listCampaigns(t.db, t.projectId, { ...query, ...q }, 'https://c.example.com', TEST_TIME);
    expect((await list({})).items.map((i) => i.title)).toEqual(['Summer wheel', 'Spring wheel']);
    expect((await list({ area: 'ads' })).items.map((i) => i.title)).toEqual(['Ads wheel']);
    expect((await list({ title: ' SPRING ' })).items.map((i) => i.title)).toEqual(['Spring wheel']);
    expect((await list({ link: `https://c.example.com/p/${rows[1].id}` })).total).toBe(1);
    expect((await list({ status: 'running' })).total).toBe(0);
    const second = await list({ pageSize: 1, page: 2 });
    expect([second.total, second.items.map((i) => i.title)]).toEqual([2, ['Spring wheel']]);
  });

  it('edits only what the status allows: ended campaigns refuse, live ones lock their rules', async () => {
    const row = draft();
    expect(assertEditable(row, TEST_TIME)).toBe('draft');
    const ended: CampaignRow = { ...row, phase: 'online', online_at: TEST_TIME.toISOString() };
    expect(await errorKey(() => assertEditable(ended, at(40)))).toBe('campaign.ended');

    const running: CampaignRow = { ...row, phase: 'online', online_at: TEST_TIME.toISOString() };
    const edit = { parentId: null, userId: 'u2', now: at(5), schemaProperties: undefined };
    expect(await errorKey(() => editedCampaign(running, { ...edit, config: { ...config, goal: 'x' } }))).toBe(
      'campaign.locked',
    );
    expect(
      await errorKey(() =>
        editedCampaign(running, { ...edit, config: { ...config, endTime: '2026-02-28T00:00:00Z' } }),
      ),
    ).toBe('campaign.endPassed');
    // Past the draft the whitelist switch is no longer the config's.
    const renamed = editedCampaign(
      { ...running, whitelist_enabled: 0 },
      { ...edit, config: { ...config, title: 'Wheel 2' } },
    );
    expect(renamed).toMatchObject({ title: 'Wheel 2', whitelist_enabled: 0, updated_by: 'u2' });
    expect(editedCampaign(row, { ...edit, config: { ...config, whitelist: {} } }).whitelist_enabled).toBe(0);
  });

  it('saves an edit only over the row it read, and drops the editor’s wizard progress', async () => {
    const row = draft();
    await insertCampaign(t.db, row, TEST_TIME);
    await t.db
      .insertInto('campaign_drafts')
      .values({
        id: 'd1',
        project_id: t.projectId,
        user_id: t.userId,
        area: 'growth',
        kind: 'gameplay',
        mark: 'wheel',
        template_mark: null,
        campaign_key: row.id,
        step: 'basic',
        config: '{}',
        created_at: TEST_TIME.toISOString(),
        updated_at: TEST_TIME.toISOString(),
      })
      .execute();
    const edited = editedCampaign(row, {
      config: { ...config, title: 'Renamed' },
      parentId: null,
      userId: t.userId,
      now: at(0.5),
      schemaProperties: undefined,
    });
    await saveCampaign(t.db, row, edited, at(0.5));
    expect(await stored(row.id)).toMatchObject({ title: 'Renamed', updated_at: at(0.5).toISOString() });
    expect(await t.db.selectFrom('campaign_drafts').selectAll().execute()).toEqual([]);
    // A second save from the same (now stale) read is refused rather than overwriting.
    expect(await errorKey(() => saveCampaign(t.db, row, edited, at(0.6)))).toBe('campaign.illegalTransition');
  });

  it('deletes where the status machine allows it, with its jobs', async () => {
    const row = draft();
    await insertCampaign(t.db, row, TEST_TIME);
    const running: CampaignRow = { ...row, phase: 'online', online_at: TEST_TIME.toISOString() };
    expect(await errorKey(() => deleteCampaign(t.db, running, at(5)))).toBe('campaign.illegalTransition');
    expect(await stored(row.id)).toBeDefined();
    await deleteCampaign(t.db, row, TEST_TIME);
    expect(await stored(row.id)).toBeUndefined();
  });

  it('copies into a new draft titled -copy with the channels, and records where it came from', async () => {
    const source: CampaignRow = {
      ...draft('A title of exactly thirty ch.'),
      phase: 'online',
      whitelist_enabled: 0,
    };
    await insertCampaign(t.db, source, TEST_TIME);
    await replaceChannels(
      t.db,
      source.id,
      channelEntries({ inApp: [{ key: 'app', name: ' App ' }], offSite: [{ key: 'web', name: 'Web' }] }),
      t.userId,
      TEST_TIME,
    );
    const copied = copyConfig(source);
    expect(copied.title).toBe('A title of exactly thirty-copy');
    const copy = await insertCopy(t.db, source, copied, await t.addUser('u9'), at(1));
    expect(copy).toMatchObject({ phase: 'draft', online_at: null, whitelist_enabled: 1, created_by: 'u9' });
    const channels = await t.db
      .selectFrom('campaign_channels')
      .select(['key', 'name', 'position'])
      .where('campaign_id', '=', copy.id)
      .orderBy('position')
      .execute();
    expect(channels).toEqual([
      { key: 'app', name: 'App', position: 0 },
      { key: 'web', name: 'Web', position: 1 },
    ]);
    const event = await t.db
      .selectFrom('campaign_events')
      .selectAll()
      .where('campaign_id', '=', copy.id)
      .executeTakeFirstOrThrow();
    expect([event.action, JSON.parse(event.detail ?? '{}')]).toEqual(['copy', { from: source.id }]);
  });

  it('refuses a channel key used twice, at the second one', () => {
    try {
      channelEntries({ inApp: [{ key: 'a', name: 'A' }], offSite: [{ key: 'a', name: 'B' }] });
      expect.unreachable();
    } catch (error) {
      expect((error as AppError).options.errors?.('en-US').map((e) => e.path)).toEqual(['/offSite/0/key']);
    }
  });

  it('binds only a download page of the same project', async () => {
    const row = draft();
    await insertCampaign(t.db, row, TEST_TIME);
    const time = TEST_TIME.toISOString();
    await addTestProject(t.db, { id: 'p2', name: 'Q', prefix: 'q' }, time);
    for (const [id, project] of [
      ['dp1', 'p1'],
      ['dp2', 'p2'],
    ])
      await t.db
        .insertInto('download_pages')
        .values({ id, project_id: project, name: id, config: '{}', created_at: time, updated_at: time })
        .execute();
    expect(await errorKey(() => bindDownloadPage(t.db, row, 'dp2', t.userId, TEST_TIME))).toBe('validation');
    const bound = await bindDownloadPage(t.db, row, 'dp1', t.userId, at(1));
    expect((await stored(row.id))?.download_page_id).toBe('dp1');
    await bindDownloadPage(t.db, bound, null, t.userId, at(2));
    expect((await stored(row.id))?.download_page_id).toBeNull();
  });
});
