import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/testApp';
import { call } from './helpers/api';
import { createProject, signUpOwner, type SignedIn } from './helpers/accounts';
import { createCampaign, templateConfig, withTimes } from './helpers/campaigns';

// The limits of the referral, fragment collection and coin pool refused on save with their
// messages, field by field (the same rules the wizard shows before submit).

interface Refusal {
  error: string;
  errors: { path: string; message: string }[];
}

describe('gameplay limits on save', () => {
  let t: TestApp;
  let owner: SignedIn;
  let projectId: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpOwner(t.app, 'limits@example.com');
    projectId = await createProject(t.app, owner, 'Limits', 'limits');
  });
  afterAll(async () => t.close());

  const save = async (mark: string, template: string, fields: Record<string, unknown>) => {
    const base = await templateConfig(t.app, 'gameplay', mark, template);
    const config = { ...withTimes(base, new Date(t.clock.now().getTime() + 3_600_000), 5), ...fields };
    return call<Refusal>(t.app, 'POST', '/api/campaigns', {
      token: owner.token,
      projectId,
      lang: 'en',
      body: { area: 'growth', kind: 'gameplay', mark, config },
    });
  };

  it('fragment probabilities must total 100%', async () => {
    const answer = await save('fragment-collection', 'five-pieces', {
      fragments: [
        { id: 'f1', name: { 'zh-CN': '一', 'en-US': 'One' }, odds: 50 },
        { id: 'f2', name: { 'zh-CN': '二', 'en-US': 'Two' }, odds: 40 },
      ],
    });
    expect(answer.status).toBe(400);
    expect(answer.body.data.errors).toContainEqual({
      path: '/fragments',
      message: 'Fragment probabilities must total 100%, currently 90%',
    });
  });

  it('a referral ladder holds at most 15 steps, in increasing invites', async () => {
    const steps = Array.from({ length: 16 }, (_, i) => ({ invites: i + 1, prizeId: 'p' }));
    const answer = await save('referral', 'classic', { ladder: steps });
    expect(answer.status).toBe(400);
    const messages = answer.body.data.errors.filter((e) => e.path === '/ladder').map((e) => e.message);
    expect(messages).toEqual(['At most 15 items']);
    const unordered = await save('referral', 'classic', {
      ladder: [
        { invites: 5, prizeId: 'p' },
        { invites: 3, prizeId: 'p' },
      ],
    });
    expect(unordered.status).toBe(400);
  });

  it('an invite deep link must be a link of the project', async () => {
    const answer = await save('referral', 'classic', { inviteLinkId: 'not-a-link' });
    expect(answer.status).toBe(400);
    expect(answer.body.data.errors).toEqual([
      { path: '/inviteLinkId', message: 'Choose a deep link of this project' },
    ]);
  });

  it("a coin pool's draw time is before the activity ends", async () => {
    const answer = await save('coin-pool', (await firstTemplate('coin-pool')) as string, {
      drawTime: new Date(t.clock.now().getTime() + 30 * 86_400_000).toISOString(),
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(answer.body.data.errors.map((e) => e.path)).toContain('/drawTime');
  });

  async function firstTemplate(mark: string) {
    const entry = await call<{ templates: { name: string }[] }>(
      t.app,
      'GET',
      `/api/schemas/gameplay/${mark}`,
      {
        token: owner.token,
      },
    );
    return entry.body.data.templates[0]?.name;
  }

  it('a valid referral saves', async () => {
    const base = await templateConfig(t.app, 'gameplay', 'referral', 'classic');
    const created = await createCampaign(t.app, owner, projectId, {
      mark: 'referral',
      config: withTimes(base, new Date(t.clock.now().getTime() + 3_600_000), 5),
    });
    expect(created.id).toBeTruthy();
  });
});
