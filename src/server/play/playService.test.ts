import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SchemaEngine } from '../../engine/createSchemaEngine';
import { loadRegistry } from '../schemas/loadRegistry';
import { mintPreviewToken } from '../campaigns/previewTokens';
import { runAction } from './playActions';
import { playTestDb, type PlayTestDb } from './playTestDb';
import type { Config } from './playCampaign';
import {
  actionResult,
  assertKnownAction,
  campaignPage,
  loadPlayable,
  ownRewards,
  signedIn,
  submitOwnRewardForm,
  type PlayContext,
} from './playService';

// The participant API's service without HTTP: campaigns are read as the routes read them (the
// saved row and the schema registry), over a migrated in-memory database.
const NOW = new Date('2026-03-01T08:00:00.000Z');
const language = { lang: 'en-US', languages: ['en-US'], defaultLanguage: 'en-US' };

const wheel = (over: Config = {}): Config => ({
  languages: ['en-US'],
  defaultLanguage: 'en-US',
  chances: { dailyFree: 1 },
  prizes: [
    { id: 'gold', name: 'Gold', odds: 100, unlimitedStock: true, value: 2 },
    { id: 'thanks', name: 'Thanks', isThank: true },
  ],
  ...over,
});

/** The AppError key a call throws. */
async function refusal(run: () => unknown) {
  try {
    await run();
  } catch (error) {
    return (error as { key?: string }).key ?? String(error);
  }
  return undefined;
}

let schemas: SchemaEngine;
let play: PlayContext;
let t: PlayTestDb;
beforeAll(async () => {
  schemas = await loadRegistry(path.resolve('schemas'));
  play = { schemas, address: { publicUrl: 'https://growth.example.com', linkHost: 'links.example.com' } };
});
beforeEach(async () => {
  t = await playTestDb(NOW);
});
afterEach(() => t.close());

describe('playService', () => {
  it('serves a campaign by id with its mechanic from the registry; a draft only with its preview token', async () => {
    const online = await t.addCampaign('lucky-wheel', wheel());
    const loaded = await loadPlayable(t.db, schemas, online.row.id, NOW);
    expect(loaded.previewing).toBe(false);
    expect(loaded.campaign.row.id).toBe(online.row.id);
    expect(loaded.campaign.mechanic).toBe('draw');
    expect(await refusal(() => loadPlayable(t.db, schemas, 'nope', NOW))).toBe('notFound');

    const draft = await t.addCampaign('lucky-wheel', wheel(), { phase: 'draft' });
    expect(await refusal(() => loadPlayable(t.db, schemas, draft.row.id, NOW))).toBe('notFound');
    const at = NOW.toISOString();
    await t.db
      .insertInto('users')
      .values({
        ...{ id: 'u1', organisation_id: 'org', name: 'U', email: 'u@example.com', password_hash: '' },
        ...{ role: 'owner', last_login_at: null, created_at: at, updated_at: at },
      })
      .execute();
    const { token } = await mintPreviewToken(t.db, draft.row.id, 'u1', NOW);
    expect(await refusal(() => loadPlayable(t.db, schemas, draft.row.id, NOW, 'wrong'))).toBe('notFound');
    const previewed = await loadPlayable(t.db, schemas, draft.row.id, NOW, token);
    expect(previewed.previewing).toBe(true);
    // Another campaign's token previews nothing.
    const other = await t.addCampaign('lucky-wheel', wheel(), { phase: 'draft' });
    expect(await refusal(() => loadPlayable(t.db, schemas, other.row.id, NOW, token))).toBe('notFound');
  });

  it('knows the actions of the mechanics and needs a participant', () => {
    expect(() => assertKnownAction('draw')).not.toThrow();
    expect(() => assertKnownAction('steal')).toThrow(expect.objectContaining({ key: 'play.unknownAction' }));
    expect(() => signedIn(undefined)).toThrow(expect.objectContaining({ key: 'play.unauthorized' }));
  });

  it('a page: the campaign in the language and `me`, with or without a participant', async () => {
    const saved = await t.addCampaign('lucky-wheel', wheel());
    const { campaign } = await loadPlayable(t.db, schemas, saved.row.id, NOW);
    const input = { now: NOW, language, previewing: false };
    const anonymous = await campaignPage(t.db, play, campaign, undefined, input);
    expect(anonymous.me).toMatchObject({ participant: null, chances: null, canPlay: false, rewards: [] });
    expect(anonymous.campaign).toMatchObject({ id: saved.row.id, lang: 'en-US' });

    const ann = await t.addParticipant('ann');
    const page = await campaignPage(t.db, play, campaign, ann, input);
    expect(page.me).toMatchObject({ participant: { code: ann.code, userId: 'ann' }, canPlay: true });
    expect(page.campaign).toEqual(anonymous.campaign);
  });

  it('an action’s answer: its result and `me` after it; the reward is then among the own rewards', async () => {
    const saved = await t.addCampaign('lucky-wheel', wheel());
    const { campaign } = await loadPlayable(t.db, schemas, saved.row.id, NOW);
    const ann = await t.addParticipant('ann');
    const outcome = await runAction(t.db, {
      campaign,
      participant: ann,
      action: 'draw',
      key: 'k1',
      body: {},
      now: NOW,
      dbKind: 'sqlite',
      schemas,
    });
    const ran = { campaign, participant: ann, name: 'draw', outcome };
    const answer = await actionResult(t.db, play, ran, { now: NOW, language });
    expect(answer.result).toMatchObject({ prize: { id: 'gold', name: 'Gold' } });
    expect(answer.me).toMatchObject({ canPlay: false, participant: { code: ann.code } });
    const rewards = await ownRewards(t.db, campaign, ann, language);
    expect(rewards).toHaveLength(1);
    expect(rewards[0]).toMatchObject({ id: answer.result.rewardId });
    expect(answer.me.rewards).toEqual(rewards);

    const bob = await t.addParticipant('bob');
    expect(await ownRewards(t.db, campaign, bob, language)).toEqual([]);
    // A reward without a form (or another participant's) has no form to submit.
    const submit = (who: typeof ann) =>
      submitOwnRewardForm(t.db, campaign, who, {
        rewardId: String(answer.result.rewardId),
        values: { name: 'Ann' },
        now: NOW,
        language,
      });
    expect(await refusal(() => submit(ann))).toBe('play.rewardNotFound');
    expect(await refusal(() => submit(bob))).toBe('play.rewardNotFound');
  });
});
