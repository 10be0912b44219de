import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/testApp';
import { call, countRows, paths, type Answer, type ErrorData } from './helpers/api';
import { addMember, createProject, signUpOwner, type SignedIn } from './helpers/accounts';

type Config = Record<string, unknown>;

interface AccountRow {
  id: string;
  name: string;
  network: string;
  currency: string;
  offerCount: number;
  postbackUrl: string;
  secret: string;
  config: Config;
}
interface Settings {
  enabled: boolean;
  currency: string;
  offerwallEnabled: boolean;
  offerwallCurrency: string;
  minWithdrawalMicros: number;
  adsAdvanced: boolean;
  updatedAt: string | null;
}

const account = (extra: Config = {}): Config => ({
  name: 'AppLovin',
  network: 'applovin',
  currency: 'EUR',
  allowedIps: ['203.0.113.0/24', '2001:db8::1'],
  offers: [
    {
      id: 'install',
      title: { 'en-US': 'Install the app' },
      rewardMicros: 250_000,
      url: 'https://offers.example.com/go?u={user_id}&c={click_id}',
      status: 'online',
    },
  ],
  ...extra,
});
const strategy: Config = {
  name: 'Strategy',
  type: 'general',
  distribution: 'custom',
  urls: [{ url: 'https://ads.example.com/x', ratio: 100 }],
};

const errorOf = (answer: Answer) => (answer.body.data as ErrorData).error;

describe('ads access: project isolation and the advanced ads user', () => {
  let t: TestApp;
  let owner: SignedIn;
  let operator: SignedIn;
  let viewer: SignedIn;
  let A: string;
  let B: string;
  let accountB: AccountRow;
  let strategyB: string;

  const as = <T>(
    who: SignedIn,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    project: string,
    body?: unknown,
  ) => call<T>(t.app, method, url, { token: who.token, projectId: project, body, lang: 'en' });

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpOwner(t.app, 'owner@example.com');
    A = await createProject(t.app, owner, 'Alpha', 'alpha');
    B = await createProject(t.app, owner, 'Bravo', 'bravo');
    operator = await addMember(t.app, owner, 'op@example.com', 'operator', [
      { projectId: A, permission: 'edit' },
    ]);
    viewer = await addMember(t.app, owner, 'viewer@example.com', 'viewer', [
      { projectId: A, permission: 'view' },
    ]);
    accountB = (await as<AccountRow>(owner, 'POST', '/api/ads/accounts', B, account())).body.data;
    strategyB = (await as<{ id: string }>(owner, 'POST', '/api/ads/strategies', B, strategy)).body.data.id;
  });
  afterAll(async () => t.close());

  const routesOf = (accountId: string, strategyId: string): [string, string, unknown?][] => [
    ['GET', '/api/ads/settings'],
    ['PUT', '/api/ads/settings', { enabled: true }],
    ['GET', '/api/ads/accounts'],
    ['POST', '/api/ads/accounts', account()],
    ['GET', `/api/ads/accounts/${accountId}`],
    ['PUT', `/api/ads/accounts/${accountId}`, account()],
    ['POST', `/api/ads/accounts/${accountId}/secret`],
    ['DELETE', `/api/ads/accounts/${accountId}`],
    ['GET', '/api/ads/strategies'],
    ['POST', '/api/ads/strategies', strategy],
    ['GET', `/api/ads/strategies/${strategyId}`],
    ['GET', `/api/ads/strategies/${strategyId}/shares`],
    ['PUT', `/api/ads/strategies/${strategyId}`, strategy],
    ['DELETE', `/api/ads/strategies/${strategyId}`],
  ];

  it('a member of A (even advanced there) gets 403 projectForbidden on every route of B; nothing changes', async () => {
    const granted = await as(owner, 'PUT', `/api/members/${operator.userId}`, A, {
      projects: [{ projectId: A, permission: 'edit', adsAdvanced: true }],
    });
    expect(granted.status).toBe(200);
    const before = await countRows(t.app);
    for (const [method, url, body] of routesOf(accountB.id, strategyB)) {
      const answer = await as(operator, method as 'GET', url, B, body);
      expect([answer.status, errorOf(answer)], `${method} ${url}`).toEqual([403, 'projectForbidden']);
      expect(JSON.stringify(answer.body)).not.toContain(
        accountB.secret.slice(0, 4) + accountB.secret.slice(4, 12),
      );
    }
    // B's rows named from A are unknown there.
    for (const [method, url, body] of routesOf(accountB.id, strategyB).filter(
      ([, url]) => url.includes(accountB.id) || url.includes(strategyB),
    )) {
      const answer = await as(owner, method as 'GET', url, A, body);
      expect(answer.status, `${method} ${url} in A`).toBe(404);
    }
    expect(await countRows(t.app)).toEqual(before);
  });

  it('an operator with edit but not advanced: reads (secret masked) and strategies, but no advanced function', async () => {
    await as(owner, 'PUT', `/api/members/${operator.userId}`, A, {
      projects: [{ projectId: A, permission: 'edit', adsAdvanced: false }],
    });
    const created = await as<AccountRow>(owner, 'POST', '/api/ads/accounts', A, account());
    expect(created.status).toBe(200);
    const row = created.body.data;
    expect(row.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(row).toMatchObject({
      name: 'AppLovin',
      network: 'applovin',
      currency: 'EUR',
      offerCount: 1,
      postbackUrl: `http://console.test/api/ads/v1/postback/${row.id}`,
    });
    const stored = await t.app.ctx.db
      .selectFrom('ad_accounts')
      .select(['secret', 'network', 'config'])
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(stored.secret).toBe(row.secret);
    expect(stored.network).toBe('applovin');
    expect(stored.config).not.toContain(row.secret);

    const settings = await as<Settings>(operator, 'GET', '/api/ads/settings', A);
    expect(settings.body.data).toEqual({
      enabled: false,
      currency: 'USD',
      offerwallEnabled: false,
      offerwallCurrency: 'USD',
      minWithdrawalMicros: 1_000_000,
      adsAdvanced: false,
      updatedAt: null,
    });
    const listed = await as<{ items: AccountRow[] }>(operator, 'GET', '/api/ads/accounts', A);
    expect(listed.body.data.items[0].secret).toBe(`${row.secret.slice(0, 4)}****`);
    const one = await as<AccountRow>(operator, 'GET', `/api/ads/accounts/${row.id}`, A);
    expect(one.body.data.secret).toBe(`${row.secret.slice(0, 4)}****`);

    const before = await countRows(t.app);
    for (const [method, url, body] of [
      ['PUT', '/api/ads/settings', { enabled: true }],
      ['POST', '/api/ads/accounts', account()],
      ['PUT', `/api/ads/accounts/${row.id}`, account({ name: 'Renamed' })],
      ['POST', `/api/ads/accounts/${row.id}/secret`, undefined],
      ['DELETE', `/api/ads/accounts/${row.id}`, undefined],
    ] as const) {
      const answer = await as(operator, method, url, A, body);
      expect([answer.status, errorOf(answer)], `${method} ${url}`).toEqual([403, 'adsAdvancedRequired']);
      expect(answer.body.msg).toBe('This function needs an advanced ads user; ask a project administrator');
    }
    // Even an invalid body: the right is checked first.
    const invalid = await as(operator, 'POST', '/api/ads/accounts', A, { name: '' });
    expect(errorOf(invalid)).toBe('adsAdvancedRequired');
    const zh = await call(t.app, 'PUT', '/api/ads/settings', {
      token: operator.token,
      projectId: A,
      body: {},
      lang: 'zh-cn',
    });
    expect(zh.body.msg).toMatch(/^此功能需要.*高级用户权限，请联系项目管理员$/);
    expect(await countRows(t.app)).toEqual(before);

    // Strategies only need edit.
    const own = await as<{ id: string }>(operator, 'POST', '/api/ads/strategies', A, strategy);
    expect(own.status).toBe(200);
    expect((await as(operator, 'DELETE', `/api/ads/strategies/${own.body.data.id}`, A)).status).toBe(200);
  });

  it('granted adsAdvanced, the same operator may use every advanced function', async () => {
    const granted = await as<{ projects: { projectId: string; adsAdvanced: boolean }[] }>(
      owner,
      'PUT',
      `/api/members/${operator.userId}`,
      A,
      { projects: [{ projectId: A, permission: 'edit', adsAdvanced: true }] },
    );
    expect(granted.body.data.projects).toEqual([{ projectId: A, permission: 'edit', adsAdvanced: true }]);
    const settings = await as<Settings>(operator, 'PUT', '/api/ads/settings', A, {
      enabled: true,
      currency: 'EUR',
      minWithdrawalMicros: 5_000_000,
    });
    expect(settings.status).toBe(200);
    expect(settings.body.data).toMatchObject({
      enabled: true,
      currency: 'EUR',
      offerwallEnabled: false,
      offerwallCurrency: 'USD',
      minWithdrawalMicros: 5_000_000,
      adsAdvanced: true,
      updatedAt: '2026-03-01T08:00:00.000Z',
    });
    // The next change keeps what it does not name.
    const again = await as<Settings>(operator, 'PUT', '/api/ads/settings', A, { offerwallEnabled: true });
    expect(again.body.data).toMatchObject({
      enabled: true,
      currency: 'EUR',
      offerwallEnabled: true,
      minWithdrawalMicros: 5_000_000,
    });
    expect((await as<Settings>(operator, 'GET', '/api/ads/settings', A)).body.data).toEqual(again.body.data);

    const created = await as<AccountRow>(
      operator,
      'POST',
      '/api/ads/accounts',
      A,
      account({ name: 'Unity', network: 'unity' }),
    );
    expect(created.status).toBe(200);
    const listed = await as<{ items: AccountRow[] }>(operator, 'GET', '/api/ads/accounts', A);
    expect(listed.body.data.items.every((item) => item.secret.length === 43)).toBe(true);
    const updated = await as<AccountRow>(
      operator,
      'PUT',
      `/api/ads/accounts/${created.body.data.id}`,
      A,
      account({ name: 'Unity 2', network: 'unity' }),
    );
    expect(updated.body.data).toMatchObject({ name: 'Unity 2', secret: created.body.data.secret });
    const rotated = await as<AccountRow>(
      operator,
      'POST',
      `/api/ads/accounts/${created.body.data.id}/secret`,
      A,
    );
    expect(rotated.status).toBe(200);
    expect(rotated.body.data.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(rotated.body.data.secret).not.toBe(created.body.data.secret);
    expect(rotated.body.data.name).toBe('Unity 2');
    expect((await as(operator, 'DELETE', `/api/ads/accounts/${created.body.data.id}`, A)).status).toBe(200);
  });

  it('checks the settings and account bodies', async () => {
    for (const [body, path] of [
      [{ currency: 'usd' }, '/currency'],
      [{ offerwallCurrency: 'EURO' }, '/offerwallCurrency'],
      [{ minWithdrawalMicros: -1 }, '/minWithdrawalMicros'],
      [{ minWithdrawalMicros: 1.5 }, '/minWithdrawalMicros'],
    ] as const) {
      const answer = await as(owner, 'PUT', '/api/ads/settings', A, body);
      expect(answer.status, path).toBe(400);
      expect(paths(answer)).toContain(path);
    }
    for (const [body, path] of [
      [account({ network: 'myspace' }), '/network'],
      [account({ currency: 'dollars' }), '/currency'],
      [account({ allowedIps: ['300.1.1.1'] }), '/allowedIps/0'],
      [account({ allowedIps: ['not-an-ip'] }), '/allowedIps/0'],
      [
        account({ offers: [{ id: 'x', title: {}, rewardMicros: 0, url: 'ftp://x', status: 'online' }] }),
        '/offers/0/rewardMicros',
      ],
      [
        account({
          offers: [
            {
              id: 'same',
              title: { 'en-US': 'a' },
              rewardMicros: 1,
              url: 'https://a.example.com',
              status: 'online',
            },
            {
              id: 'same',
              title: { 'en-US': 'b' },
              rewardMicros: 1,
              url: 'https://b.example.com',
              status: 'online',
            },
          ],
        }),
        '/offers/1/id',
      ],
    ] as const) {
      const answer = await as(owner, 'POST', '/api/ads/accounts', A, body);
      expect(answer.status, path).toBe(400);
      expect(paths(answer), JSON.stringify(answer.body)).toContain(path);
    }
  });

  it('viewers are never advanced; owners and admins always are; project members show it', async () => {
    const capped = await as<{ projects: { adsAdvanced: boolean }[] }>(
      owner,
      'PUT',
      `/api/members/${viewer.userId}`,
      A,
      {
        projects: [{ projectId: A, permission: 'view', adsAdvanced: true }],
      },
    );
    expect(capped.body.data.projects).toEqual([{ projectId: A, permission: 'view', adsAdvanced: false }]);
    expect((await as<Settings>(viewer, 'GET', '/api/ads/settings', A)).body.data.adsAdvanced).toBe(false);
    expect(errorOf(await as(viewer, 'PUT', '/api/ads/settings', A, {}))).toBe('forbidden');
    expect((await as<Settings>(owner, 'GET', '/api/ads/settings', B)).body.data.adsAdvanced).toBe(true);
    const admin = await addMember(t.app, owner, 'admin@example.com', 'admin');
    expect(
      (await as<Settings>(admin, 'PUT', '/api/ads/settings', B, { currency: 'JPY' })).body.data,
    ).toMatchObject({
      currency: 'JPY',
      adsAdvanced: true,
    });
    const members = await as<{ userId: string; adsAdvanced: boolean }[]>(
      owner,
      'GET',
      `/api/projects/${A}/members`,
      A,
    );
    const flags = new Map(members.body.data.map((m) => [m.userId, m.adsAdvanced]));
    expect([
      flags.get(owner.userId),
      flags.get(admin.userId),
      flags.get(operator.userId),
      flags.get(viewer.userId),
    ]).toEqual([true, true, true, false]);
  });
});
