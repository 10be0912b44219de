import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/testApp';
import { call, type ErrorData } from './helpers/api';
import { createProject, signUpOwner, type SignedIn } from './helpers/accounts';
import { templateConfig } from './helpers/campaigns';

// A key-value row left entirely empty (key and value both empty) is dropped on save rather than
// refused, for campaign configs and entities alike; a row with only one half filled is refused
// at its field.
describe('empty key-value rows', () => {
  let t: TestApp;
  let owner: SignedIn;
  let projectId: string;
  let wheel: Record<string, unknown>;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpOwner(t.app, 'kv@example.com');
    projectId = await createProject(t.app, owner, 'Pairs', 'pairs');
    wheel = await templateConfig(t.app, 'gameplay', 'lucky-wheel', 'classic');
  });
  afterAll(async () => t.close());

  const post = (url: string, body: unknown) =>
    call<{ id: string; config: Record<string, unknown> } & ErrorData>(t.app, 'POST', url, {
      token: owner.token,
      projectId,
      body,
      lang: 'en',
    });

  it('drops an empty row of a campaign config and keeps the filled ones', async () => {
    const config = {
      ...wheel,
      linkData: [
        { key: '', value: '' },
        { key: 'utm_source', value: 'campaign' },
        { key: '', value: '' },
      ],
    };
    const created = await post('/api/campaigns', {
      area: 'growth',
      kind: 'gameplay',
      mark: 'lucky-wheel',
      config,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const read = await call<{ config: Record<string, unknown> }>(
      t.app,
      'GET',
      `/api/campaigns/${created.body.data.id}`,
      { token: owner.token, projectId },
    );
    expect(read.body.data.config.linkData).toEqual([{ key: 'utm_source', value: 'campaign' }]);
  });

  it('refuses a row with a value but no key, naming the row after empty ones are dropped', async () => {
    const config = {
      ...wheel,
      linkData: [
        { key: '', value: '' },
        { key: 'a', value: '1' },
        { key: '', value: 'x' },
      ],
    };
    const refused = await post('/api/campaigns', {
      area: 'growth',
      kind: 'gameplay',
      mark: 'lucky-wheel',
      config,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.data.errors).toEqual([
      {
        path: '/linkData/1/key',
        message: 'Keys may hold only English letters, digits and symbols, no spaces',
      },
    ]);
  });

  it('drops an empty row of an entity (event parameters)', async () => {
    const created = await post('/api/events', {
      key: 'paid',
      name: 'Paid',
      h5Url: 'https://example.com/paid',
      params: [
        { key: 'sku', value: 'a1' },
        { key: '', value: '' },
      ],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.data.config.params).toEqual([{ key: 'sku', value: 'a1' }]);
  });
});
