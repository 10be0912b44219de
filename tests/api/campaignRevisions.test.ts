import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from './helpers/testApp';
import { createProject, signUpOwner, type SignedIn } from './helpers/accounts';
import { campaignAction, createCampaign, templateConfig, withTimes } from './helpers/campaigns';
import { apiSecretOf, act, playPage, signedSession } from './helpers/play';

const HOUR = 3_600_000;

interface Page {
  campaign: { title?: unknown; prizes?: { id: string; name: string }[] };
  me: { reason: string | null };
}

// The participant API parses a campaign's config once per revision, which the database raises on
// every change of the row: a change through the console, a job or plain SQL is served at once.
describe('campaign revisions', () => {
  let t: TestApp;
  let owner: SignedIn;
  let projectId: string;
  let id: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpOwner(t.app, 'revisions@example.com');
    projectId = await createProject(t.app, owner, 'Revisions', 'revisions');
    const wheel = withTimes(
      await templateConfig(t.app, 'gameplay', 'lucky-wheel', 'classic'),
      new Date(t.clock.now().getTime() - HOUR),
    );
    id = (await createCampaign(t.app, owner, projectId, { mark: 'lucky-wheel', config: wheel })).id;
  });
  afterAll(async () => t.close());

  const revision = async () =>
    Number(
      (
        await t.app.ctx.db
          .selectFrom('campaigns')
          .select('revision')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).revision,
    );

  it('raises the revision on every change of the row, whoever writes it', async () => {
    expect(await revision()).toBe(0);
    const online = await campaignAction(t.app, owner, projectId, id, 'goOnline');
    expect(online.status, JSON.stringify(online.body)).toBe(200);
    const afterOnline = await revision();
    expect(afterOnline).toBeGreaterThan(0);
    await sql`update campaigns set title = ${'Renamed'} where id = ${id}`.execute(t.app.ctx.db);
    expect(await revision()).toBe(afterOnline + 1);
  });

  it('serves a change made by plain SQL on the next request, and a state change at once', async () => {
    const secret = await apiSecretOf(t.app, projectId);
    const session = await signedSession(t.app, id, 'rev-user', secret);
    const before = await playPage<Page>(t.app, id, session.token);
    expect(before.status).toBe(200);
    expect(before.body.data.me.reason).toBeNull();
    const row = await t.app.ctx.db
      .selectFrom('campaigns')
      .select('config')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const config = JSON.parse(row.config) as { prizes: { id: string; name: Record<string, string> }[] };
    config.prizes[0].name = { 'zh-CN': '改名奖品', 'en-US': 'Renamed prize' };
    await sql`update campaigns set config = ${JSON.stringify(config)} where id = ${id}`.execute(t.app.ctx.db);
    const after = await playPage<Page>(t.app, id, session.token, '?lang=en-US');
    expect(JSON.stringify(after.body.data.campaign)).toContain('Renamed prize');

    const offline = await campaignAction(t.app, owner, projectId, id, 'goOffline');
    expect(offline.status, JSON.stringify(offline.body)).toBe(200);
    const refused = await act(t.app, id, session.token, 'draw');
    expect(refused.status).toBe(409);
    expect(refused.body.data.error).toBe('play.offline');
  });

  it('answers 404 once the campaign is gone', async () => {
    await t.app.ctx.db.deleteFrom('campaigns').where('id', '=', id).execute();
    expect((await playPage(t.app, id)).status).toBe(404);
  });
});
