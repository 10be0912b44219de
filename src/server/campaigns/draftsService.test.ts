import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { refusal, testDb, TEST_TIME, type TestDb } from '../db/testDb';
import { insertCampaign, newCampaignRow } from './campaignService';
import { deleteDraft, listDrafts, MAX_DRAFT_CONFIG_BYTES, saveDraft, type DraftInput } from './draftsService';

const later = (minutes: number) => new Date(TEST_TIME.getTime() + minutes * 60_000);
const wheel: DraftInput = {
  area: 'growth',
  kind: 'gameplay',
  mark: 'wheel',
  step: 'basics',
  config: { a: 1 },
};

describe('draftsService', () => {
  let t: TestDb;
  const owner = () => ({ projectId: t.projectId, userId: t.userId });

  beforeEach(async () => {
    t = await testDb();
  });
  afterEach(async () => {
    await t.db.destroy();
  });

  it('keeps one draft per owner, area, kind, mark and campaign, overwritten by the next save', async () => {
    const first = await saveDraft(t.db, owner(), wheel, TEST_TIME);
    expect(first).toMatchObject({
      ...{ area: 'growth', kind: 'gameplay', mark: 'wheel', templateMark: null, campaignId: null },
      ...{ step: 'basics', config: { a: 1 }, createdAt: TEST_TIME.toISOString() },
    });
    const next = { ...wheel, templateMark: 'tpl', step: 'rules', config: { a: 2 } };
    const second = await saveDraft(t.db, owner(), next, later(1));
    expect(second).toEqual({
      ...first,
      ...{ templateMark: 'tpl', step: 'rules', config: { a: 2 }, updatedAt: later(1).toISOString() },
    });
    const dice = await saveDraft(t.db, owner(), { ...wheel, mark: 'dice' }, later(2));
    const other = await t.addUser('u2');
    await saveDraft(t.db, { projectId: t.projectId, userId: other }, wheel, later(3));
    expect((await listDrafts(t.db, owner(), {})).map((d) => d.id)).toEqual([dice.id, first.id]);
    expect(await listDrafts(t.db, owner(), { mark: 'wheel' })).toEqual([second]);
  });

  it('saves drafts of a campaign of the project only and filters by campaign', async () => {
    const row = newCampaignRow(
      {
        ...{ projectId: t.projectId, userId: t.userId, area: 'growth', kind: 'gameplay', mark: 'wheel' },
        ...{ templateMark: null, parentId: null, config: { title: 'W' } },
      },
      TEST_TIME,
    );
    await insertCampaign(t.db, row, TEST_TIME);
    const editing = await saveDraft(t.db, owner(), { ...wheel, campaignId: row.id }, TEST_TIME);
    const fresh = await saveDraft(t.db, owner(), wheel, later(1));
    expect(editing.campaignId).toBe(row.id);
    expect(await listDrafts(t.db, owner(), { campaignId: row.id })).toEqual([editing]);
    expect(await listDrafts(t.db, owner(), { campaignId: '' })).toEqual([fresh]);
    expect(
      await refusal(() => saveDraft(t.db, owner(), { ...wheel, campaignId: 'nope' }, TEST_TIME)),
    ).toEqual({
      key: 'notFound',
      paths: undefined,
    });
  });

  it('refuses a config over the size limit', async () => {
    const big = { ...wheel, config: 'x'.repeat(MAX_DRAFT_CONFIG_BYTES) };
    expect(await refusal(() => saveDraft(t.db, owner(), big, TEST_TIME))).toMatchObject({
      key: 'bodyTooLarge',
    });
    expect(await listDrafts(t.db, owner(), {})).toEqual([]);
  });

  it("discards the owner's draft only", async () => {
    const draft = await saveDraft(t.db, owner(), wheel, TEST_TIME);
    const other = { projectId: t.projectId, userId: await t.addUser('u2') };
    expect(await refusal(() => deleteDraft(t.db, other, draft.id))).toMatchObject({ key: 'notFound' });
    await deleteDraft(t.db, owner(), draft.id);
    expect(await listDrafts(t.db, owner(), {})).toEqual([]);
    expect(await refusal(() => deleteDraft(t.db, owner(), draft.id))).toMatchObject({ key: 'notFound' });
  });
});
