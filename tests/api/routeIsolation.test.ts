import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/testApp';
import { call, countRows } from './helpers/api';
import { addMember, createProject, signUpOwner, type SignedIn } from './helpers/accounts';
import { createLink, createTemplate, openLink, storeTemplate, UA } from './helpers/links';
import { campaignAction, createCampaign, templateConfig, withTimes } from './helpers/campaigns';
import { act, apiSecretOf, signedSession } from './helpers/play';
import { accessKey, sdkEvent, sendEvents } from './helpers/sdk';
import { seedParticipant, seedWithdrawal } from './helpers/adsIncome';
import { listed, routeTable, type JsonSchema, type TableRoute } from './helpers/routeTable';

// Isolation, walked over the app's own route table: a route added later is covered without
// editing this file. Only the lists below name routes, each with the reason it is not a
// project-scoped console route.

/** Anyone may call these: no project data behind them, or public pages by design. */
const PUBLIC: Record<string, string> = {
  '/api/health': 'health check',
  '/api/auth/sign-up': 'creates an organisation',
  '/api/auth/login': 'opens a session',
  '/api/auth/refresh': 'username and password in the body',
  '/api/auth/forget-password': 'mails a reset link',
  '/api/auth/reset-password': 'takes the mailed token',
  '/api/docs/**': 'OpenAPI document and its UI',
  '/api/schemas': 'the schema registry (no project data)',
  '/api/schemas/:kind/:mark': 'the schema registry',
  '/api/validate/:kind/:mark': 'validates a body against the registry, stores nothing',
  '/uploads/:project/:file': 'uploaded images, shown on public pages',
  '/schema-assets/*': "the schema folders' artwork (no project data), shown on public pages",
  '/p/:campaignId': 'participant page',
  '/api/play/v1/**':
    'participant API: public by campaign id; a participant session (project-bound, tests/api/play.test.ts) names the player',
  '/d/:id': 'download page',
  '/api/turbo/v1/**':
    "the web SDK's banner and script configs and events: public by id, online ones only (tests/api/turbo.test.ts)",
  '/sdk/**': 'the web SDK files',
  '/o/:projectId': 'the offerwall page (public; a closed or unknown project answers 404)',
  '/api/ads/v1/**':
    "ads serving by a strategy's id and the click of a served request (tests/api/adsServing.test.ts); network postbacks signed per account; the offerwall behind a participant session",
};

/**
 * X-Access-Key routes: checked below with another project's key instead of a login (the server's
 * events door also needs the project's API-secret signature: tests/api/serverEvents.test.ts).
 */
const SDK_KEY_ROUTES = ['/api/sdk/v1/events', '/api/sdk/v1/attribution', '/api/server/v1/events'];

/** Signed-in routes of the caller and their organisation, not of one project. */
const ACCOUNT = [
  '/api/auth/logout',
  '/api/me',
  '/api/me/password',
  '/api/members',
  '/api/members/:id',
  '/api/projects',
];

const projectScoped = (r: TableRoute) =>
  !listed(r.url, Object.keys(PUBLIC)) && !SDK_KEY_ROUTES.includes(r.url) && !ACCOUNT.includes(r.url);
const reads = (r: TableRoute) => r.method === 'GET';
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Days the seeded SDK events, clicks and submissions fall on (the test clock is 2026-03-01 08:00Z). */
const RANGE = { from: '2026-02-25', to: '2026-03-01' };

interface Seeded {
  projectId: string;
  prefix: string;
  key: string;
  link: { id: string; linkId: string };
  bank: string;
  template: string;
  campaign: string;
  /** The first three parts of the addresses its visitors click from. */
  net: string;
  /** Every id the seeding answers held (markers of this project's rows). */
  ids: Set<string>;
}

type Raw = { status: number; body: string };

/** Query parameters that come in pairs: a range of days (or of times). */
const RANGE_PARAMS = [
  ['from', 'to'],
  ['start_time', 'end_time'],
] as const;

/** Query parameters naming a row: the walk passes the project's own, and the other project's. */
const ROW_PARAMS: Record<string, (seed: Seeded) => string[]> = {
  linkId: (seed) => [seed.link.id, seed.link.linkId],
  bank: (seed) => [seed.bank],
  templateId: (seed) => [seed.template],
  campaignId: (seed) => [seed.campaign],
  parentId: (seed) => [seed.campaign],
};

/** Values for other known filters (any other text filter gets "common", which both projects use). */
const PARAMS: Record<string, (seed: Seeded) => unknown[]> = {
  ...ROW_PARAMS,
  tz: () => ['Asia/Shanghai'],
  pageSize: () => [100],
  mark: () => ['lucky-wheel'],
  names: () => ['common_event,open'],
  deviceId: () => ['common-device'],
  name: () => ['common_event'],
  currency: () => ['USD'],
};

describe('the route table: every project-scoped route keeps to its project', () => {
  let t: TestApp;
  const table = routeTable();
  let owner: SignedIn;
  let operatorA: SignedIn;
  let viewerB: SignedIn;
  let stranger: SignedIn;
  let A: Seeded;
  let B: Seeded;
  /** A's GET answers before B had any data, by "url?query". */
  const before = new Map<string, Raw>();
  const volatile = new Set<string>();

  const headers = (token?: string, projectId?: string) => ({
    ...(token ? { authorization: `Bearer ${token}` } : {}),
    ...(projectId ? { 'x-project-id': projectId } : {}),
    'x-lang': 'en',
  });

  async function raw(method: string, url: string, token?: string, projectId?: string): Promise<Raw> {
    const response = await t.app.inject({
      method: method as 'GET',
      url,
      headers: {
        ...headers(token, projectId),
        ...(WRITES.has(method) && method !== 'DELETE' ? { 'content-type': 'application/json' } : {}),
      },
      ...(WRITES.has(method) && method !== 'DELETE' ? { payload: '{}' } : {}),
    });
    return { status: response.statusCode, body: response.body };
  }

  const errorOf = (answer: Raw) => {
    try {
      return (JSON.parse(answer.body) as { data?: { error?: string } }).data?.error;
    } catch {
      return undefined;
    }
  };

  async function post<T = { id: string }>(seed: Seeded, url: string, body: unknown, method = 'POST') {
    const answer = await call<T>(t.app, method as 'POST', url, {
      token: owner.token,
      projectId: seed.projectId,
      body,
    });
    expect(answer.status, `${method} ${url} ${JSON.stringify(answer.body)}`).toBe(200);
    collectIds(answer.body.data, seed.ids);
    return answer.body.data;
  }

  function collectIds(value: unknown, into: Set<string>) {
    if (Array.isArray(value)) for (const v of value) collectIds(v, into);
    else if (value && typeof value === 'object')
      for (const [k, v] of Object.entries(value)) {
        if ((k === 'id' || k.endsWith('Id')) && typeof v === 'string' && v.length >= 6) into.add(v);
        else collectIds(v, into);
      }
  }

  /** Rows of every kind, through the API, names carrying `m`; some values shared by both projects. */
  async function seed(seed: Seeded, m: string) {
    const p = (url: string, body: unknown, method = 'POST') => post(seed, url, body, method);
    const template = await createTemplate(t.app, owner, seed.projectId, storeTemplate(`${m}-template`));
    seed.ids.add(template);
    seed.template = template;
    const link = await createLink(t.app, owner, seed.projectId, {
      name: `${m}-link`,
      templateId: template,
      redirectMode: 'template',
      tags: [`${m}-tag`, 'common'],
      deferredData: [{ key: 'page', value: `${m}-deferred` }],
    });
    seed.link = { id: link.id, linkId: link.linkId };
    seed.ids.add(link.id).add(link.linkId);
    await p('/api/events', { key: `${m}_event`, name: `${m} event` });
    await p('/api/events', { key: 'common_event', name: 'common' });
    await p(
      '/api/redirect-settings',
      { default: `https://93.184.216.34/${m}`, android: '', ios: '', windows: '' },
      'PUT',
    );
    await p('/api/download-pages', { name: `${m}-page`, title: `${m} page`, buttons: [{ platform: 'ios' }] });
    const wheel = await templateConfig(t.app, 'gameplay', 'lucky-wheel', 'classic');
    const campaign = await createCampaign(t.app, owner, seed.projectId, {
      mark: 'lucky-wheel',
      config: { ...wheel, title: `${m}-wheel` },
    });
    seed.ids.add(campaign.id);
    seed.campaign = campaign.id;
    await p(
      `/api/campaigns/${campaign.id}/channels`,
      { inApp: [{ key: `${m}home`, name: `${m} banner` }], offSite: [] },
      'PUT',
    );
    await p('/api/prizes', {
      id: `${m}p`,
      name: { 'zh-CN': `${m} prize` },
      deliveryType: 'system',
      unlimitedStock: true,
    });
    seed.bank = (await p('/api/question-banks', { name: `${m} bank` })).id;
    await p(`/api/questions?bank=${seed.bank}`, {
      id: `${m}q`,
      title: { 'zh-CN': `${m} question` },
      options: [
        { id: 'a', text: { 'zh-CN': `${m} yes` } },
        { id: 'b', text: { 'zh-CN': 'common' } },
      ],
      answers: ['a'],
      score: 1,
    });
    await p('/api/user-types', { name: `${m} vip`, identifier: m });
    await p('/api/user-types', { name: 'common', identifier: 'common' });
    // Task center tasks: one limited to a user type and exclusive with one both projects name alike.
    const task = (id: string, title: string, extra: Record<string, unknown> = {}) => ({
      id,
      title: { 'zh-CN': title },
      event: `${id}_done`,
      limits: { daily: 1 },
      goButton: { text: { 'zh-CN': 'go' }, url: 'https://example.com/app' },
      status: 'online',
      period: { mode: 'permanent' },
      ...extra,
    });
    await p('/api/tasks', task('common', 'common'));
    await p('/api/tasks', task(`${m}task`, `${m} task`, { userTypes: [m], exclusiveWith: ['common'] }));
    // Web-to-app: a banner opening the project's link (online, seen and clicked) and a script.
    const banner = await p('/api/turbo-banners', {
      name: `${m} banner`,
      linkTemplateId: template,
      linkId: link.linkId,
      title: { 'zh-CN': `${m} title` },
      buttonText: { 'zh-CN': 'open' },
      position: 'bottom',
      colors: { background: '#fff', text: '#000', button: '#00f', buttonText: '#fff' },
      attribution: [{ key: 'utm_source', value: `${m}-banner` }],
      languages: ['zh-CN'],
      status: 'online',
    });
    const beacon = await t.app.inject({
      method: 'POST',
      url: `/api/turbo/v1/banners/${banner.id}/events`,
      headers: { 'content-type': 'text/plain', 'user-agent': UA.iphoneSafari },
      payload: JSON.stringify({
        events: ['impression', 'click'].map((type) => ({
          id: `${m}-${type}-event`,
          type,
          page: `https://${m}.example.com/home`,
        })),
      }),
    });
    expect(beacon.json(), m).toMatchObject({ data: { accepted: 2 } });
    await p('/api/turbo-scripts', {
      name: `${m} script`,
      linkTemplateId: template,
      overrides: [{ key: 'channel', value: `${m}-site` }],
      developersConsulted: true,
      status: 'online',
    });
    // Ads: the module on, an ad account, a strategy served once by the API (and clicked) and once
    // on the link host, all of it written before the reads.
    await p('/api/ads/settings', { enabled: true, currency: 'EUR' }, 'PUT');
    await p('/api/ads/accounts', {
      name: `${m} account`,
      network: 'custom',
      currency: 'USD',
      allowedIps: [`${seed.net}.0/24`],
      offers: [
        {
          id: `${m}-offer`,
          title: { 'zh-CN': `${m} offer` },
          rewardMicros: 1000,
          url: `https://${m}.example.com/offer?u={user_id}`,
          status: 'online',
        },
      ],
    });
    const strategy = await p('/api/ads/strategies', {
      name: `${m} strategy`,
      type: 'general',
      distribution: 'custom',
      urls: [
        { url: `https://${m}.example.com/ad`, ratio: 60 },
        { url: 'https://common.example.com/ad', ratio: 40 },
      ],
    });
    const served = await t.app.inject({
      method: 'GET',
      url: `/api/ads/v1/serve/${strategy.id}?vid=${m}-visitor&page=https://${m}.example.com/home`,
      headers: { 'user-agent': UA.iphoneSafari },
    });
    expect(served.statusCode, served.body).toBe(200);
    const click = await t.app.inject({ method: 'GET', url: new URL(served.json().data.url).pathname });
    expect(click.statusCode).toBe(302);
    expect((await openLink(t.app, seed.prefix, `/s/${strategy.id}`, UA.desktopChrome)).status).toBe(302);
    await t.app.adsServing.queue.flush();
    // An ad plan and a campaign of it (under review), and an offerwall user's pending withdrawal.
    const plan = await p('/api/ads/plans', {
      name: `${m} plan`,
      advertiser: `${m} advertiser`,
      pricing: 'cpm',
      bidMicros: 2_000_000,
      budgetMicros: 0,
      currency: 'USD',
      startDate: '2026-03-01',
      endDate: '2026-05-31',
    });
    await p('/api/ads/campaigns', {
      name: `${m} campaign`,
      planId: plan.id,
      landingUrl: `https://${m}.example.com/spring`,
      languages: ['en-US'],
    });
    const earner = await seedParticipant(t.app, seed.projectId, `${m}-earner`);
    await seedWithdrawal(t.app, {
      projectId: seed.projectId,
      participantId: earner,
      amountMicros: 1_000_000,
    });
    await p('/api/callback-addresses', { name: `${m} hook`, url: `https://8.8.8.8/${m}-hook` });
    const form = await p('/api/reward-forms', {
      title: `${m} form`,
      items: [{ label: `${m} name`, type: 'text' }],
    });
    // Submissions come from the participant side, which has no API yet: written directly.
    await t.app.ctx.db
      .insertInto('reward_form_submissions')
      .values({
        id: `${m}-submission`,
        project_id: seed.projectId,
        form_id: form.id,
        campaign_id: campaign.id,
        participant: `${m}-participant`,
        state: 'submitted',
        answers: JSON.stringify({ [`${m} name`]: `${m} answer` }),
        created_at: '2026-03-01T06:00:00.000Z',
        submitted_at: '2026-03-01T06:30:00.000Z',
      })
      .execute();
    // A live campaign somebody played: a participant, a draw, a reward record.
    const live = await createCampaign(t.app, owner, seed.projectId, {
      mark: 'lucky-wheel',
      config: {
        ...withTimes(wheel, new Date(t.clock.now().getTime() - 3_600_000)),
        title: `${m}-live`,
        prizes: [
          {
            id: `${m}win`,
            name: { 'zh-CN': `${m} win` },
            deliveryType: 'system',
            odds: 100,
            unlimitedStock: true,
            isThank: false,
          },
        ],
      },
    });
    seed.ids.add(live.id);
    await campaignAction(t.app, owner, seed.projectId, live.id, 'goOnline');
    const player = await signedSession(
      t.app,
      live.id,
      `${m}-player`,
      await apiSecretOf(t.app, seed.projectId),
    );
    const drawn = await act<{ result: { rewardId: string } }>(t.app, live.id, player.token, 'draw');
    expect(drawn.status).toBe(200);
    seed.ids.add(drawn.body.data.result.rewardId);
    // Rows named alike in both projects: a search that forgets the project finds the other's.
    const common = await createLink(t.app, owner, seed.projectId, {
      name: 'common',
      templateId: template,
      redirectMode: 'template',
    });
    seed.ids.add(common.id).add(common.linkId);
    await p('/api/link-templates', storeTemplate('common'));
    await p('/api/download-pages', { name: 'common', title: 'common', buttons: [{ platform: 'android' }] });
    await p('/api/prizes', {
      id: 'common',
      name: { 'zh-CN': 'common' },
      deliveryType: 'system',
      unlimitedStock: true,
    });
    await p('/api/question-banks', { name: 'common' });
    await p('/api/callback-addresses', { name: 'common', url: 'https://8.8.8.8/common' });
    await p('/api/reward-forms', { title: 'common', items: [{ label: 'common', type: 'text' }] });
    await createCampaign(t.app, owner, seed.projectId, {
      mark: 'lucky-wheel',
      config: { ...wheel, title: 'common' },
    });
    // After every campaign: creating one consumes the author's draft of that gameplay.
    await p(
      '/api/drafts',
      {
        area: 'growth',
        kind: 'gameplay',
        mark: 'lucky-wheel',
        step: 'goal',
        config: { title: `${m} draft` },
      },
      'PUT',
    );
    await p('/api/test-devices', { name: `${m} phone`, deviceId: `${m}-device` });
    await p('/api/test-devices', { name: 'common', deviceId: 'common-device' });
    // Risk: a blocklist entry of the project's own and one both projects list (each audited).
    await p('/api/risk/blocklist', { kind: 'user', values: [`${m}-farmer`, 'common'], note: `${m} farm` });
    await p('/api/risk/blocklist', { kind: 'address', values: [`${seed.net}.0/24`] });
    await p('/api/overviews', {
      name: `${m} overview`,
      widgets: [{ metric: 'events', chart: 'line', title: `${m} widget` }],
    });
    await p('/api/dev-config', { tokenCallbackUrl: `https://8.8.8.8/${m}-token`, ipWhitelist: [] }, 'PUT');

    // Clicks on the redirector, SDK events and an attribution through the project's key.
    for (const [ua, channel, ip] of [
      [UA.iphoneSafari, `${m}-channel`, `${seed.net}.1`],
      [UA.huaweiChrome, 'common', `${seed.net}.2`],
      [UA.desktopChrome, 'common', `${seed.net}.3`],
    ] as const) {
      const hit = await openLink(t.app, seed.prefix, `/${link.linkId}?channel=${channel}`, ua, { ip });
      expect(hit.status, `click ${m}`).toBeLessThan(400);
    }
    await t.app.deepLinks.clicks.flush();
    seed.key = await accessKey(t.app, owner, seed.projectId);
    const events = [
      ['install', `${m}-device`, '2026-02-27T10:00:00.000Z'],
      ['open', `${m}-device`, '2026-03-01T07:00:00.000Z'],
      ['common_event', 'common-device', '2026-02-28T12:00:00.000Z'],
      ['open', 'common-device', '2026-03-01T07:30:00.000Z'],
      [`${m}_event`, 'common-device', '2026-03-01T07:40:00.000Z'],
    ];
    const sent = await sendEvents(
      t.app,
      seed.key,
      events.map(([name, deviceId, time], i) =>
        sdkEvent({
          eventId: `${m}-ev-${i}`,
          name,
          deviceId,
          time,
          platform: i % 2 ? 'ios' : 'android',
          country: m === 'alphaxq' ? 'CN' : 'US',
          appVersion: `${m}-1.0`,
          language: 'en',
          os: i % 2 ? 'iOS' : 'Android',
          userId: `${m}-user`,
          linkId: link.linkId,
          activityId: campaign.id,
          source: `${m}-source`,
          data: { marker: `${m}-data` },
        }),
      ),
    );
    expect(sent.body.data, m).toMatchObject({ accepted: events.length, rejected: [] });
    const attribution = await t.app.inject({
      method: 'POST',
      url: '/api/sdk/v1/attribution',
      headers: { 'x-access-key': seed.key },
      payload: {
        type: 'install',
        deviceId: `${m}-device`,
        platform: 'ios',
        ip: `${seed.net}.1`,
        userAgent: UA.iphoneSafari,
      },
      remoteAddress: `${seed.net}.1`,
    });
    expect(attribution.json(), m).toMatchObject({ data: { matched: true } });
    await t.app.sdkRequestLogs.flush();
    await t.app.attributionCallbacks.idle();
  }

  beforeAll(async () => {
    t = await createTestApp({ onRoute: table.onRoute });
    owner = await signUpOwner(t.app, 'owner@example.com');
    const newSeed = async (name: string, prefix: string, net: string): Promise<Seeded> => ({
      net,
      projectId: await createProject(t.app, owner, name, prefix),
      prefix,
      key: '',
      link: { id: '', linkId: '' },
      bank: '',
      template: '',
      campaign: '',
      ids: new Set(),
    });
    A = await newSeed('alphaxq project', 'alphaxq', '198.51.100');
    B = await newSeed('bravoxq project', 'bravoxq', '198.51.101');
    B.ids.add(B.projectId);
    operatorA = await addMember(t.app, owner, 'op@example.com', 'operator', [
      { projectId: A.projectId, permission: 'edit' },
    ]);
    viewerB = await addMember(t.app, owner, 'viewer@example.com', 'viewer', [
      { projectId: B.projectId, permission: 'view' },
    ]);
    stranger = await signUpOwner(t.app, 'stranger@example.com', 'Elsewhere');
    await seed(A, 'alphaxq');
    for (const [url, query] of await readsOf(A)) {
      const first = await raw('GET', url + query, owner.token, A.projectId);
      const again = await raw('GET', url + query, owner.token, A.projectId);
      if (first.body !== again.body) volatile.add(url + query);
      before.set(url + query, first);
    }
    await seed(B, 'bravoxq');
    B.ids.add(B.key);
    // Values both projects hold (the shared test device) mark neither.
    for (const id of A.ids) B.ids.delete(id);
  });
  afterAll(async () => t.close());

  /** The path of a route for a project: `:id` is the first row of the list above it. */
  const listIds = new Map<string, string>();
  async function pathFor(url: string, seed: Seeded): Promise<string> {
    if (url.startsWith('/api/projects/:id')) return url.replace(':id', seed.projectId);
    const param = /:(\w+)/.exec(url);
    if (!param) return url;
    if (param[1] !== 'id') throw new Error(`${url}: the walker has no value for :${param[1]}; teach pathFor`);
    const list = url.slice(0, url.indexOf('/:id'));
    const key = `${seed.projectId} ${list}`;
    if (!listIds.has(key)) {
      const answer = await call<{ items?: { id: string }[] } | { id: string }[]>(t.app, 'GET', list, {
        token: owner.token,
        projectId: seed.projectId,
      });
      const items = Array.isArray(answer.body.data) ? answer.body.data : (answer.body.data?.items ?? []);
      expect(items.length, `${url}: seed() makes no row that GET ${list} lists; add one`).toBeGreaterThan(0);
      listIds.set(key, items[0].id);
    }
    return url.replace(':id', listIds.get(key) as string);
  }

  /**
   * Query variants of a GET route from its querystring schema: none, a date range, then one per
   * enum value, flag and filter (filters get the project's own rows or values both projects use).
   */
  function queryVariants(schema: JsonSchema | undefined, seed: Seeded): Record<string, string>[] {
    const out: Record<string, string>[] = [{}];
    const props = schema?.properties ?? {};
    const ranges = RANGE_PARAMS.filter(([from, to]) => from in props && to in props);
    for (const [from, to] of ranges) {
      const days = typeof props[from].pattern === 'string';
      out.push({
        [from]: days ? RANGE.from : `${RANGE.from}T00:00:00.000Z`,
        [to]: days ? RANGE.to : `${RANGE.to}T23:59:59.000Z`,
      });
    }
    for (const [name, s] of Object.entries(props)) {
      if (ranges.some((pair) => (pair as readonly string[]).includes(name))) continue;
      const options = s.enum ?? s.anyOf?.map((o) => o.const).filter((c) => c !== undefined);
      let values: unknown[] = [];
      if (options?.length) values = options;
      else if (s.type === 'boolean') values = [true, false];
      else if (name in PARAMS) values = PARAMS[name](seed);
      else if (s.type === 'string') values = ['common'];
      for (const value of values) out.push({ [name]: String(value) });
    }
    return out;
  }

  async function readsOf(seed: Seeded): Promise<[string, string][]> {
    const out: [string, string][] = [];
    for (const route of table.routes.filter((r) => projectScoped(r) && reads(r))) {
      const url = await pathFor(route.url, seed);
      for (const query of queryVariants(route.querystring, seed)) {
        const search = new URLSearchParams(query).toString();
        out.push([url, search ? `?${search}` : '']);
      }
    }
    return out;
  }

  const leaks = (text: string) => {
    const found = /bravoxq/i.test(text) ? ['bravoxq'] : [];
    for (const id of B.ids) if (text.includes(id)) found.push(id);
    return found;
  };

  it('the lists name existing routes, and the walk has routes to walk', () => {
    const urls = new Set(table.routes.map((r) => r.url));
    for (const entry of [...Object.keys(PUBLIC), ...SDK_KEY_ROUTES, ...ACCOUNT])
      expect(
        [...urls].some((u) => listed(u, [entry])),
        `${entry} is not a route any more`,
      ).toBe(true);
    expect(table.routes.filter(projectScoped).length).toBeGreaterThan(90);
    expect(table.routes.filter((r) => projectScoped(r) && r.method === 'HEAD').length).toBeGreaterThan(30);
  });

  it("every GET of project A answers, and none holds B's rows or changed when B got data", async () => {
    let checked = 0;
    for (const [url, query] of await readsOf(A)) {
      const answer = await raw('GET', url + query, owner.token, A.projectId);
      expect(answer.status, `GET ${url}${query}: ${answer.body.slice(0, 300)}`).toBe(200);
      expect(leaks(answer.body), `GET ${url}${query} shows project B`).toEqual([]);
      const earlier = before.get(url + query);
      expect(earlier, `GET ${url}${query} was not read before B's data`).toBeDefined();
      if (!volatile.has(url + query)) {
        expect(answer.body, `GET ${url}${query} changed when project B got data`).toBe(earlier?.body);
        checked += 1;
      }
    }
    expect(volatile.size, [...volatile].join(', ')).toBeLessThanOrEqual(1);
    expect(checked).toBeGreaterThan(60);
  });

  it("a filter naming one of B's rows answers from A as for an unknown row", async () => {
    let checked = 0;
    for (const route of table.routes.filter((r) => projectScoped(r) && reads(r))) {
      const url = await pathFor(route.url, A);
      for (const name of Object.keys(route.querystring?.properties ?? {})) {
        for (const value of ROW_PARAMS[name]?.(B) ?? []) {
          const answer = await raw('GET', `${url}?${name}=${value}`, owner.token, A.projectId);
          const unknown = await raw('GET', `${url}?${name}=nosuchrow0`, owner.token, A.projectId);
          expect(leaks(answer.body), `GET ${url}?${name}=B's`).toEqual([]);
          expect(answer.body.replaceAll(value, 'nosuchrow0'), `GET ${url}?${name}=B's`).toBe(unknown.body);
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThan(5);
  });

  // Sweeps every route: its time grows with the API (2 minutes for a loaded CI machine).
  it(
    'every project-scoped route: 401 without a login, 403 to a non-member, HEAD included; nothing changes',
    { timeout: 300_000 },
    async () => {
      const rows = await countRows(t.app);
      let viewerReads = 0;
      for (const route of table.routes.filter(projectScoped)) {
        const label = `${route.method} ${route.url}`;
        const onB = await pathFor(route.url, B);
        const anonymous = await raw(route.method, onB, undefined, B.projectId);
        expect(anonymous.status, `${label} without a login`).toBe(401);
        for (const [who, caller, projectId] of [
          ['an operator of A', operatorA, B.projectId],
          ['another organisation', stranger, B.projectId],
          ['another organisation', stranger, A.projectId],
          ['anyone, for an unknown project', owner, 'nosuchproject'],
        ] as const) {
          const path = projectId === A.projectId ? await pathFor(route.url, A) : onB;
          const url = projectId === 'nosuchproject' ? path.replace(B.projectId, projectId) : path;
          const answer = await raw(route.method, url, caller.token, projectId);
          expect(answer.status, `${label} by ${who}: ${answer.body}`).toBe(403);
          if (route.method !== 'HEAD') {
            expect(JSON.parse(answer.body), `${label} by ${who}`).toEqual({
              code: 403,
              msg: "You don't have permission to access this project",
              data: { error: 'projectForbidden' },
            });
            expect(leaks(answer.body)).toEqual([]);
          }
        }
        if (!route.url.startsWith('/api/projects/:id')) {
          const noProject = await raw(route.method, onB, operatorA.token);
          expect(noProject.status, `${label} without X-Project-Id`).toBe(400);
          if (route.method !== 'HEAD') expect(errorOf(noProject)).toBe('projectRequired');
        }
        // A viewer of B reaches B: reads answer, writes are refused for the permission.
        const asViewer = await raw(route.method, onB, viewerB.token, B.projectId);
        if (WRITES.has(route.method)) {
          expect(asViewer.status, `${label} by a viewer of B: ${asViewer.body}`).toBe(403);
          expect(errorOf(asViewer), `${label} by a viewer of B`).not.toBe('projectForbidden');
        } else if (asViewer.status === 200) viewerReads += 1;
        else if (route.method !== 'HEAD')
          expect(errorOf(asViewer), `${label} by a viewer of B`).toBe('forbidden');
      }
      expect(viewerReads).toBeGreaterThan(40);
      expect(await countRows(t.app)).toEqual(rows);
    },
  );

  it("B's row ids in project A answer 404 (400 for a refused body), never B's data; nothing changes", async () => {
    const rows = await countRows(t.app);
    let lookups = 0;
    const byId = table.routes.filter((r) => projectScoped(r) && r.url.includes('/:id'));
    // Deletes last: a delete that crossed projects would take B's row away from the other checks.
    byId.sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
    for (const route of byId) {
      if (route.url.startsWith('/api/projects/:id')) continue;
      const label = `${route.method} ${route.url}`;
      const answer = await raw(route.method, await pathFor(route.url, B), owner.token, A.projectId);
      if (['GET', 'HEAD', 'DELETE'].includes(route.method)) {
        expect(answer.status, `${label} with B's id in A`).toBe(404);
        lookups += 1;
      } else expect([400, 404], `${label} with B's id in A: ${answer.body}`).toContain(answer.status);
      expect(leaks(answer.body), label).toEqual([]);
    }
    expect(lookups).toBeGreaterThan(25);
    expect(await countRows(t.app)).toEqual(rows);
  });

  it('account routes: 401 without a login; another organisation sees and changes nothing of ours', async () => {
    const rows = await countRows(t.app);
    for (const route of table.routes.filter((r) => ACCOUNT.includes(r.url))) {
      const url = route.url.replace(':id', operatorA.userId);
      expect((await raw(route.method, url)).status, `${route.method} ${route.url}`).toBe(401);
      if (route.url === '/api/auth/logout') continue;
      const byStranger = await raw(route.method, url, stranger.token);
      if (reads(route))
        expect(byStranger.body, `${route.method} ${route.url}`).not.toMatch(/alphaxq|bravoxq|op@example/);
      else if (route.url.includes(':id'))
        expect([403, 404], `${route.method} ${route.url}`).toContain(byStranger.status);
    }
    expect(await countRows(t.app)).toEqual(rows);
    // A member sees the projects granted, another organisation none.
    const mine = await call<{ id: string }[]>(t.app, 'GET', '/api/projects', { token: operatorA.token });
    expect(mine.body.data.map((p) => p.id)).toEqual([A.projectId]);
    const theirs = await call<unknown[]>(t.app, 'GET', '/api/projects', { token: stranger.token });
    expect(theirs.body.data).toEqual([]);
  });

  it("SDK routes: no key or an unknown one is 401; B's key never reaches A's clicks or rows", async () => {
    for (const url of SDK_KEY_ROUTES) {
      for (const key of [undefined, 'not-a-key']) {
        const answer = await t.app.inject({
          method: 'POST',
          url,
          headers: key ? { 'x-access-key': key } : {},
          payload: {},
        });
        expect(answer.statusCode, `${url} key=${key}`).toBe(401);
      }
    }
    // A phone opens A's link, then its app reports the install: with B's key nothing matches
    // (by fingerprint or by A's link id) and nothing of A comes back; with A's key it matches.
    expect(
      (await openLink(t.app, A.prefix, `/${A.link.linkId}`, UA.iphoneSafari, { ip: '203.0.113.77' })).status,
    ).toBeLessThan(400);
    await t.app.deepLinks.clicks.flush();
    const report = (key: string, extra: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url: '/api/sdk/v1/attribution',
        headers: { 'x-access-key': key },
        payload: {
          type: 'install',
          deviceId: 'crossed-device',
          platform: 'ios',
          userAgent: UA.iphoneSafari,
          ...extra,
        },
        remoteAddress: '203.0.113.77',
      });
    for (const extra of [{}, { linkId: A.link.linkId }] as Record<string, string>[]) {
      const crossed = await report(B.key, extra);
      expect(crossed.statusCode).toBe(200);
      expect(crossed.json(), JSON.stringify(extra)).toMatchObject({
        data: { matched: false, linkId: null, deferredData: {} },
      });
      expect(crossed.body).not.toMatch(/alphaxq/);
    }
    const own = await report(A.key);
    expect(own.json()).toMatchObject({
      data: { matched: true, linkId: A.link.linkId, deferredData: { page: 'alphaxq-deferred' } },
    });
  });
});
