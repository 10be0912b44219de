import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { refusal, testDb, TEST_TIME, type TestDb } from '../db/testDb';
import type { CampaignRow } from '../db/campaignTables';
import { insertCampaign, newCampaignRow } from './campaignService';
import { campaignPreviewLink, changeCampaignStatus } from './campaignActionsService';
import { isPreviewToken, PREVIEW_TTL_MS } from './previewTokens';

const config = {
  title: 'Wheel',
  goal: 'engagement-retention',
  startTime: '2026-03-02T00:00:00Z',
  endTime: '2026-03-31T00:00:00Z',
  timezone: 'GMT+08:00',
  whitelist: { enabled: true },
};

describe('campaignActionsService', () => {
  let t: TestDb;
  let row: CampaignRow;
  const stored = (id: string) =>
    t.db.selectFrom('campaigns').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  beforeEach(async () => {
    t = await testDb();
    row = newCampaignRow(
      {
        ...{ projectId: t.projectId, userId: t.userId, area: 'growth', kind: 'gameplay', mark: 'wheel' },
        ...{ templateMark: null, parentId: null, config },
      },
      TEST_TIME,
    );
    await insertCampaign(t.db, row, TEST_TIME);
  });
  afterEach(async () => {
    await t.db.destroy();
  });

  it('moves the status in one transaction, records who moved it, and refuses illegal moves', async () => {
    const actor = await t.addUser('u2');
    const later = new Date(TEST_TIME.getTime() + 60_000);
    const moved = await changeCampaignStatus(t.db, row, { action: 'prerelease' }, actor, later);
    expect(moved).toMatchObject({ phase: 'prereleased', updated_by: actor, updated_at: later.toISOString() });
    expect(await stored(row.id)).toEqual(moved);
    const events = await t.db.selectFrom('campaign_events').select(['action', 'actor_id']).execute();
    expect(events).toContainEqual({ action: 'prerelease', actor_id: actor });

    expect(
      await refusal(() => changeCampaignStatus(t.db, moved, { action: 'prerelease' }, actor, later)),
    ).toEqual({ key: 'campaign.illegalTransition', paths: undefined });
    const afterEnd = { action: 'goOnline' as const, at: '2026-04-01T00:00:00.000Z' };
    expect(await refusal(() => changeCampaignStatus(t.db, moved, afterEnd, actor, later))).toMatchObject({
      key: 'campaign.onlineAfterEnd',
    });
    expect(await stored(row.id)).toEqual(moved);
  });

  it('goes online now, or waits for a future online time', async () => {
    const at = '2026-03-10T00:00:00.000Z';
    const scheduled = await changeCampaignStatus(t.db, row, { action: 'goOnline', at }, t.userId, TEST_TIME);
    expect(scheduled).toMatchObject({ phase: 'draft', online_at: at });

    const other = { ...row, id: 'c2' };
    await insertCampaign(t.db, other, TEST_TIME);
    const now = await changeCampaignStatus(t.db, other, { action: 'goOnline' }, t.userId, TEST_TIME);
    expect(now).toMatchObject({ phase: 'online', online_at: null, whitelist_enabled: 0 });
  });

  it('mints a 30-minute preview token and the participant path that shows it', async () => {
    const link = await campaignPreviewLink(t.db, row.id, t.userId, TEST_TIME);
    expect(link.expiresAt).toBe(new Date(TEST_TIME.getTime() + PREVIEW_TTL_MS).toISOString());
    expect(link.url).toBe(`/p/${encodeURIComponent(row.id)}?preview=${encodeURIComponent(link.token)}`);
    expect(await isPreviewToken(t.db, row.id, link.token, TEST_TIME)).toBe(true);
    expect(await isPreviewToken(t.db, 'other', link.token, TEST_TIME)).toBe(false);
  });
});
