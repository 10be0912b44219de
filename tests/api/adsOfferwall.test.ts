import { createHmac, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appServers, createTestApp, type TestApp, SERVERS_UNDER_TEST } from './helpers/testApp';
import { countRows, type Envelope } from './helpers/api';
import { createProject, signUpOwner, type SignedIn } from './helpers/accounts';
import { apiSecretOf } from './helpers/play';
import { findOrCreateParticipant, openParticipantSession } from '../../src/server/play/participants';

// The offerwall's participant API: sessions from a signed
// hand-off (its own signed text, the play hand-off's rules), the page data in the participant's
// language, opening offers, and withdrawals that never take a balance below zero, also with
// requests in flight at once on two servers over one PostgreSQL.

const UNIT = 1_000_000;

interface Wall {
  participant: { code: string; userId: string };
  currency: string;
  balanceMicros: number;
  minWithdrawalMicros: number;
  offers: {
    accountId: string;
    id: string;
    title: string;
    description: string;
    rewardMicros: number;
    iconUrl: string | null;
  }[];
  ledger: { kind: string; amountMicros: number; offerId: string | null; offerTitle: string | null }[];
  withdrawals: { id: string; amountMicros: number; method: string; account: string; status: string }[];
}

interface Withdrawal {
  id: string;
  amountMicros: number;
  currency: string;
  method: string;
  account: string;
  status: string;
}

interface Answer<T> {
  status: number;
  body: Envelope<T> & { data: T & { error?: string; errors?: { path: string; message: string }[] } };
  headers: Record<string, unknown>;
}

function signOfferwall(secret: string, projectId: string, userId: string, exp: number): string {
  return createHmac('sha256', secret).update(`offerwall.${projectId}.${userId}.${exp}`).digest('base64url');
}

async function send<T>(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'OPTIONS',
  url: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string>; lang?: string } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  if (options.token) headers.authorization = `Participant ${options.token}`;
  if (options.lang) headers['x-lang'] = options.lang;
  const answer = await app.inject({
    method,
    url,
    headers,
    ...(options.body !== undefined ? { payload: options.body as object } : {}),
  });
  return {
    status: answer.statusCode,
    body: (answer.body ? answer.json() : {}) as Answer<T>['body'],
    headers: answer.headers,
  };
}

/**
 * PostgreSQL only: holds an EXCLUSIVE lock on `withdrawals` (reads go on, inserts wait) until
 * `open(n)` sees n sessions waiting behind it (directly or behind one another), then lets them all go.
 */
async function insertGate(databaseUrl: string) {
  if (!databaseUrl.startsWith('postgres')) return undefined;
  const url = new URL(databaseUrl);
  const schema = url.searchParams.get('schema') ?? 'public';
  url.searchParams.delete('schema');
  const holder = new pg.Client({ connectionString: url.toString() });
  const watcher = new pg.Client({ connectionString: url.toString() });
  await holder.connect();
  await watcher.connect();
  await holder.query('begin');
  await holder.query(`lock table ${schema}.withdrawals in exclusive mode`);
  const holderPid = (await holder.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0].pid;
  let released = false;
  const release = async () => {
    if (released) return;
    released = true;
    await holder.query('commit');
  };
  return {
    async open(waiting: number) {
      const until = Date.now() + 15_000;
      for (;;) {
        // Sessions waiting behind the holder, directly or behind another waiter.
        const { rows } = await watcher.query<{ pid: number; blockers: number[] }>(
          `select pid, pg_blocking_pids(pid) as blockers from pg_stat_activity where wait_event_type = 'Lock'`,
        );
        const behind = new Set<number>([holderPid]);
        for (let grew = true; grew;) {
          grew = false;
          for (const row of rows)
            if (!behind.has(row.pid) && row.blockers.some((pid) => behind.has(pid))) {
              behind.add(row.pid);
              grew = true;
            }
        }
        if (behind.size - 1 >= waiting || Date.now() > until) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await release();
    },
    async close() {
      await release();
      await holder.end();
      await watcher.end();
    },
  };
}

describe('offerwall participant API', () => {
  let t: TestApp;
  let owner: SignedIn;
  let projectA: string;
  let projectB: string;
  let secretA: string;
  let secretB: string;
  let accountA: string;
  let accountB: string;
  let handoffs = 0;

  const nowS = () => Math.floor(t.clock.now().getTime() / 1000);
  const at = () => t.clock.now().toISOString();

  async function setWall(
    projectId: string,
    enabled: number,
    offerwall: number,
    minWithdrawalMicros = UNIT,
  ): Promise<void> {
    const values = {
      enabled,
      offerwall_enabled: offerwall,
      offerwall_currency: 'USD',
      min_withdrawal_micros: minWithdrawalMicros,
      updated_at: at(),
    };
    await t.app.ctx.db
      .insertInto('ads_settings')
      .values({ project_id: projectId, currency: 'USD', updated_by: null, ...values })
      .onConflict((oc) => oc.column('project_id').doUpdateSet(values))
      .execute();
  }

  async function addAccount(projectId: string, config: Record<string, unknown>): Promise<string> {
    const id = `acc-${randomUUID().slice(0, 8)}`;
    await t.app.ctx.db
      .insertInto('ad_accounts')
      .values({
        id,
        project_id: projectId,
        name: String(config.name ?? 'Network'),
        config: JSON.stringify(config),
        created_by: null,
        created_at: at(),
        updated_at: at(),
        network: 'custom',
        secret: 'postback-secret',
      })
      .execute();
    return id;
  }

  async function session(projectId: string, userId: string, secret: string) {
    const exp = nowS() + 1000 + handoffs++;
    const answer = await send<{ token: string; participant: { code: string; userId: string } }>(
      t.app,
      'POST',
      '/api/ads/v1/offerwall/sessions',
      { body: { projectId, userId, exp, sig: signOfferwall(secret, projectId, userId, exp) } },
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data;
  }

  async function participantId(projectId: string, userId: string): Promise<string> {
    const row = await t.app.ctx.db
      .selectFrom('participants')
      .select('id')
      .where('project_id', '=', projectId)
      .where('identity', '=', `u:${userId}`)
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** A credit as the postback receiver writes it: an income row and the ledger row it gives. */
  async function credit(
    projectId: string,
    accountId: string,
    participant: string,
    micros: number,
    offerId: string | null = 'o1',
    kind: 'credit' | 'reversal' = 'credit',
  ): Promise<void> {
    const incomeId = randomUUID();
    await t.app.ctx.db
      .insertInto('ad_income')
      .values({
        id: incomeId,
        project_id: projectId,
        account_id: accountId,
        txid: `tx-${incomeId}`,
        kind,
        amount_micros: kind === 'credit' ? 2 * micros : -2 * micros,
        currency: 'USD',
        request_id: null,
        strategy_id: null,
        url_id: null,
        day: 0,
        time: at(),
        source: 'postback',
        offer_id: offerId,
        participant_id: participant,
        created_at: at(),
      })
      .execute();
    await t.app.ctx.db
      .insertInto('offerwall_ledger')
      .values({
        id: randomUUID(),
        project_id: projectId,
        participant_id: participant,
        kind,
        amount_micros: kind === 'credit' ? micros : -micros,
        currency: 'USD',
        income_id: incomeId,
        withdrawal_id: null,
        created_at: at(),
      })
      .execute();
  }

  const wall = (token: string, query = '', headers: Record<string, string> = {}) =>
    send<Wall>(t.app, 'GET', `/api/ads/v1/offerwall${query}`, { token, headers });

  const withdraw = (
    token: string,
    body: Record<string, unknown>,
    key: string | null = randomUUID(),
    options: { lang?: string; app?: FastifyInstance } = {},
  ) =>
    send<Withdrawal>(options.app ?? t.app, 'POST', '/api/ads/v1/offerwall/withdrawals', {
      token,
      body,
      lang: options.lang,
      headers: key === null ? {} : { 'idempotency-key': key },
    });

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpOwner(t.app, 'offerwall@example.com');
    projectA = await createProject(t.app, owner, 'Wall A', 'wall-a');
    projectB = await createProject(t.app, owner, 'Wall B', 'wall-b');
    secretA = await apiSecretOf(t.app, projectA);
    secretB = await apiSecretOf(t.app, projectB);
    await setWall(projectA, 1, 1);
    await setWall(projectB, 1, 1);
    accountA = await addAccount(projectA, {
      name: 'Net A',
      defaultLanguage: 'en-US',
      offers: [
        {
          id: 'o1',
          title: { 'en-US': 'Install Game', 'zh-CN': '安装游戏' },
          description: { 'en-US': 'Reach level 5', 'zh-CN': '达到第 5 级' },
          rewardMicros: 500_000,
          url: 'https://ads.example.com/go?u={user_id}&o={offer_id}&c={click_id}',
          iconUrl: 'https://cdn.example.com/icon.png',
          status: 'online',
        },
        {
          id: 'o2',
          title: { 'en-US': 'Paused offer' },
          rewardMicros: 100,
          url: 'https://ads.example.com/paused',
          status: 'offline',
        },
        {
          id: 'inside',
          title: { 'en-US': 'Internal' },
          rewardMicros: 100,
          url: 'http://127.0.0.1:3000/steal?u={user_id}',
          status: 'online',
        },
        {
          id: 'o3',
          title: { 'en-US': 'Survey' },
          rewardMicros: 2_000_000,
          url: 'https://survey.example.com/s/{offer_id}',
          iconUrl: 'javascript:alert(1)',
          status: 'online',
        },
      ],
    });
    accountB = await addAccount(projectB, {
      name: 'Net B',
      offers: [
        {
          id: 'b1',
          title: { 'en-US': 'B only' },
          rewardMicros: 1,
          url: 'https://b.example.com/{user_id}',
          status: 'online',
        },
      ],
    });
  });
  afterAll(async () => t.close());

  it('opens sessions by a signed hand-off; forged, reused, expired, distant and unsigned ones and anonymous visitors get 401', async () => {
    const exp = nowS() + 600;
    const open = (body: Record<string, unknown>, lang?: string) =>
      send<{ token: string; participant: { code: string; userId: string } }>(
        t.app,
        'POST',
        '/api/ads/v1/offerwall/sessions',
        { body: { projectId: projectA, ...body }, lang },
      );
    const sig = signOfferwall(secretA, projectA, 'alice', exp);
    const first = await open({ userId: 'alice', exp, sig });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data.participant).toMatchObject({ userId: 'alice' });
    expect(first.body.data.participant.code).toMatch(/^[2-9A-Z]{8}$/);
    expect((await wall(first.body.data.token)).status).toBe(200);

    const refused = [
      await open({ userId: 'alice', exp, sig }), // reused
      await open({ userId: 'mallory', exp, sig }), // signed for someone else
      await open({
        userId: 'bob',
        exp: nowS() - 1,
        sig: signOfferwall(secretA, projectA, 'bob', nowS() - 1),
      }),
      await open({
        userId: 'bob',
        exp: nowS() + 25 * 3600,
        sig: signOfferwall(secretA, projectA, 'bob', nowS() + 25 * 3600),
      }),
      await open({ userId: 'bob', exp, sig: signOfferwall('not-the-secret', projectA, 'bob', exp) }),
      // Another project's secret, and the play hand-off's text, sign nothing here.
      await open({ userId: 'bob', exp, sig: signOfferwall(secretB, projectA, 'bob', exp) }),
      await open({
        userId: 'bob',
        exp,
        sig: createHmac('sha256', secretA).update(`${projectA}.bob.${exp}`).digest('base64url'),
      }),
      await open({ userId: 'bob' }), // an unsigned claim
      await open({ userId: 'bob', exp }),
      await open({}), // anonymous
    ];
    for (const answer of refused) {
      expect(answer.status, JSON.stringify(answer.body)).toBe(401);
      expect(answer.body.data.error).toBe('ads.signInInvalid');
    }
    const english = await open({ userId: 'bob' }, 'en');
    expect(english.body.msg).toBe(
      'Your sign-in link is invalid or has expired; please open the offerwall again from the app',
    );
    expect((await open({ userId: 'bob' }, 'zh-cn')).body.msg).toBe(
      '登录链接无效或已过期，请从应用内重新打开积分墙',
    );

    // The same user again (a new hand-off) is the same participant.
    const again = await session(projectA, 'alice', secretA);
    expect(again.participant.code).toBe(first.body.data.participant.code);

    // No token, a made-up one, and an anonymous participant's session read nothing.
    expect((await send(t.app, 'GET', '/api/ads/v1/offerwall')).status).toBe(401);
    expect((await wall('made-up-token')).body.data.error).toBe('ads.signInInvalid');
    const { participant: anonymous } = await findOrCreateParticipant(
      t.app.ctx.db,
      { projectId: projectA, deviceId: 'web-anonymous-device', via: 'device' },
      t.clock.now(),
    );
    const anonymousToken = await openParticipantSession(t.app.ctx.db, anonymous, t.clock.now());
    expect((await wall(anonymousToken)).status).toBe(401);
    expect(
      (await withdraw(anonymousToken, { amountMicros: UNIT, method: 'paypal', account: 'x' })).status,
    ).toBe(401);
    // Sessions last a day.
    t.clock.advance(24 * 3_600_000 + 1000);
    try {
      expect((await wall(again.token)).status).toBe(401);
    } finally {
      t.clock.advance(-(24 * 3_600_000 + 1000));
    }
  });

  it("opens sessions from an app token through the project's token callback", async () => {
    const seen: unknown[] = [];
    const receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        const asked = JSON.parse(body) as { token: string };
        seen.push(asked);
        res.setHeader('content-type', 'application/json');
        if (asked.token === 'good-app-token') res.end(JSON.stringify({ code: 0, data: { userId: 'app-7' } }));
        else res.writeHead(401).end('{}');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const open = (appToken: string) =>
      send<{ token: string; participant: { userId: string } }>(
        t.app,
        'POST',
        '/api/ads/v1/offerwall/sessions',
        {
          body: { projectId: projectA, appToken },
          lang: 'en',
        },
      );
    try {
      const missing = await open('good-app-token');
      expect(missing.status).toBe(400);
      expect(missing.body.data.error).toBe('play.tokenCallbackMissing');
      process.env.ALLOW_PRIVATE_CALLBACKS = '1';
      const saved = await t.app.inject({
        method: 'PUT',
        url: '/api/dev-config',
        headers: { authorization: `Bearer ${owner.token}`, 'x-project-id': projectA },
        payload: {
          tokenCallbackUrl: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/who`,
          ipWhitelist: [],
        },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const good = await open('good-app-token');
      expect(good.status, JSON.stringify(good.body)).toBe(200);
      expect(good.body.data.participant.userId).toBe('app-7');
      expect((await wall(good.body.data.token)).body.data.participant.userId).toBe('app-7');
      // The offerwall is no campaign: the callback is asked with campaignId null.
      expect(seen[0]).toEqual({ token: 'good-app-token', campaignId: null });
      const unknown = await open('someone-else');
      expect(unknown.status).toBe(401);
      expect(unknown.body.data.error).toBe('ads.signInInvalid');
    } finally {
      delete process.env.ALLOW_PRIVATE_CALLBACKS;
      receiver.close();
    }
  });

  it('answers 404 ads.offerwallClosed while the module or the offerwall is off (no settings row: both off)', async () => {
    const projectC = await createProject(t.app, owner, 'Wall C', 'wall-c');
    const secretC = await apiSecretOf(t.app, projectC);
    const open = () => {
      const exp = nowS() + 700 + handoffs++;
      return send(t.app, 'POST', '/api/ads/v1/offerwall/sessions', {
        body: {
          projectId: projectC,
          userId: 'carl',
          exp,
          sig: signOfferwall(secretC, projectC, 'carl', exp),
        },
        lang: 'en',
      });
    };
    const page = () => t.app.inject({ method: 'GET', url: `/o/${projectC}?lang=en-US` });
    for (const [enabled, offerwall] of [
      [null, null],
      [1, 0],
      [0, 1],
    ] as const) {
      if (enabled !== null) await setWall(projectC, enabled, offerwall);
      const closed = await open();
      expect(closed.status).toBe(404);
      expect(closed.body).toMatchObject({
        code: 404,
        msg: 'The offerwall is not open',
        data: { error: 'ads.offerwallClosed' },
      });
      const html = await page();
      expect(html.statusCode).toBe(404);
      expect(html.body).toContain('The offerwall is not open');
    }
    expect((await t.app.inject({ method: 'GET', url: '/o/no-such-project' })).statusCode).toBe(404);

    await setWall(projectC, 1, 1);
    const opened = await open();
    expect(opened.status).toBe(200);
    const token = (opened.body.data as { token: string }).token;
    expect((await wall(token)).status).toBe(200);
    const html = await page();
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-security-policy']).toContain("script-src 'self'");
    expect(html.body).toContain('<title>Offerwall</title>');
    const chinese = await t.app.inject({
      method: 'GET',
      url: `/o/${projectC}`,
      headers: { 'accept-language': 'zh-CN,zh;q=0.9' },
    });
    expect(chinese.body).toContain('<html lang="zh-CN">');
    expect(chinese.body).toContain('积分墙');

    // Closing it later closes the API for open sessions too.
    await setWall(projectC, 1, 0);
    expect((await wall(token)).body.data.error).toBe('ads.offerwallClosed');
    expect(
      (await withdraw(token, { amountMicros: UNIT, method: 'paypal', account: 'carl@example.com' })).status,
    ).toBe(404);
  });

  it('shows the balance (sum of the ledger), online offers in the participant language and the latest history', async () => {
    const s = await session(projectA, 'dora', secretA);
    const dora = await participantId(projectA, 'dora');
    const empty = await wall(s.token);
    expect(empty.status).toBe(200);
    expect(empty.body.data).toMatchObject({
      participant: { code: s.participant.code, userId: 'dora' },
      currency: 'USD',
      balanceMicros: 0,
      minWithdrawalMicros: UNIT,
      ledger: [],
      withdrawals: [],
    });
    // Online offers with a public address only; the other project's never.
    expect(empty.body.data.offers).toEqual([
      {
        accountId: accountA,
        id: 'o1',
        title: 'Install Game',
        description: 'Reach level 5',
        rewardMicros: 500_000,
        iconUrl: 'https://cdn.example.com/icon.png',
      },
      {
        accountId: accountA,
        id: 'o3',
        title: 'Survey',
        description: '',
        rewardMicros: 2_000_000,
        iconUrl: null,
      },
    ]);
    const chinese = await wall(s.token, '?lang=zh-CN');
    expect(chinese.body.data.offers[0]).toMatchObject({ title: '安装游戏', description: '达到第 5 级' });
    const byHeader = await wall(s.token, '', { 'accept-language': 'zh-TW,zh;q=0.9,en;q=0.5' });
    expect(byHeader.body.data.offers[0].title).toBe('安装游戏');
    // A language the offer lacks falls back to the account's default language.
    const japanese = await wall(s.token, '?lang=ja-JP', { 'accept-language': 'ja' });
    expect(japanese.body.data.offers[0].title).toBe('Install Game');

    await credit(projectA, accountA, dora, 500_000, 'o1');
    t.clock.advance(1000);
    await credit(projectA, accountA, dora, 2_000_000, 'o3');
    t.clock.advance(1000);
    await credit(projectA, accountA, dora, 500_000, 'o1', 'reversal');
    t.clock.advance(1000);
    await credit(projectA, accountA, dora, 300_000, 'gone');
    const full = await wall(s.token);
    expect(full.body.data.balanceMicros).toBe(2_300_000);
    expect(full.body.data.ledger.map((row) => [row.kind, row.amountMicros, row.offerTitle])).toEqual([
      ['credit', 300_000, null],
      ['reversal', -500_000, 'Install Game'],
      ['credit', 2_000_000, 'Survey'],
      ['credit', 500_000, 'Install Game'],
    ]);
    // Another participant's ledger is not theirs.
    const other = await session(projectA, 'eve', secretA);
    expect((await wall(other.token)).body.data.balanceMicros).toBe(0);
  });

  it('opens an offer: records the click and answers its address with the values filled and encoded', async () => {
    const s = await session(projectA, 'fay@mail.example', secretA);
    const fay = await participantId(projectA, 'fay@mail.example');
    const opened = await send<{ url: string; clickId: string }>(
      t.app,
      'POST',
      `/api/ads/v1/offerwall/offers/${accountA}/o1/open`,
      { token: s.token },
    );
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    const { url, clickId } = opened.body.data;
    expect(url).toBe(`https://ads.example.com/go?u=fay%40mail.example&o=o1&c=${encodeURIComponent(clickId)}`);
    const click = await t.app.ctx.db
      .selectFrom('offer_clicks')
      .selectAll()
      .where('id', '=', clickId)
      .executeTakeFirstOrThrow();
    expect(click).toMatchObject({
      project_id: projectA,
      participant_id: fay,
      account_id: accountA,
      offer_id: 'o1',
    });

    const before = await countRows(t.app);
    for (const [account, offer] of [
      [accountA, 'o2'], // offline
      [accountA, 'inside'], // not a public address
      [accountA, 'nope'],
      ['no-such-account', 'o1'],
      [accountB, 'b1'], // another project's
    ]) {
      const refused = await send(t.app, 'POST', `/api/ads/v1/offerwall/offers/${account}/${offer}/open`, {
        token: s.token,
        lang: 'en',
      });
      expect(refused.status, `${account}/${offer}`).toBe(404);
      expect(refused.body).toMatchObject({
        msg: 'This offer is not available',
        data: { error: 'ads.offerUnknown' },
      });
    }
    expect(await countRows(t.app)).toEqual(before);
    expect((await send(t.app, 'POST', `/api/ads/v1/offerwall/offers/${accountA}/o1/open`)).status).toBe(401);
  });

  it('refuses withdrawals below the minimum, above the balance or with bad fields, storing nothing', async () => {
    const s = await session(projectA, 'gus', secretA);
    await credit(projectA, accountA, await participantId(projectA, 'gus'), 1_500_000);
    const before = await countRows(t.app);

    const noKey = await withdraw(s.token, { amountMicros: UNIT, method: 'paypal', account: 'g@x.io' }, null);
    expect(noKey.status).toBe(400);
    expect(noKey.body.data.errors?.map((e) => e.path)).toEqual(['/headers/idempotency-key']);

    const low = await withdraw(
      s.token,
      { amountMicros: 999_999, method: 'paypal', account: 'g@x.io' },
      'low',
      {
        lang: 'en',
      },
    );
    expect(low.status).toBe(400);
    expect(low.body).toMatchObject({
      msg: 'The minimum withdrawal is $1.00',
      data: { error: 'ads.belowMinimum' },
    });
    const lowZh = await withdraw(
      s.token,
      { amountMicros: 10, method: 'paypal', account: 'g@x.io' },
      'low-zh',
      {
        lang: 'zh-cn',
      },
    );
    expect(lowZh.body.msg).toBe('最低提现金额为 US$1.00');

    const high = await withdraw(
      s.token,
      { amountMicros: 1_500_001, method: 'alipay', account: 'g@x.io' },
      'high',
      {
        lang: 'en',
      },
    );
    expect(high.status).toBe(400);
    expect(high.body).toMatchObject({
      msg: 'The balance is too low for this withdrawal',
      data: { error: 'ads.balanceTooLow' },
    });

    const fields: [Record<string, unknown>, string][] = [
      [{ amountMicros: UNIT, method: 'cash', account: 'g@x.io' }, '/method'],
      [{ amountMicros: UNIT, method: 'bank', account: '' }, '/account'],
      [{ amountMicros: UNIT, method: 'bank', account: '   ' }, '/account'],
      [{ amountMicros: UNIT, method: 'bank', account: 'x'.repeat(101) }, '/account'],
      [{ amountMicros: UNIT, method: 'bank', account: 'two\nlines' }, '/account'],
      [{ amountMicros: 1.5, method: 'bank', account: 'g@x.io' }, '/amountMicros'],
      [{ amountMicros: '1000000', method: 'bank', account: 'g@x.io' }, '/amountMicros'],
      [{ amountMicros: -UNIT, method: 'bank', account: 'g@x.io' }, '/amountMicros'],
      [{ method: 'bank', account: 'g@x.io' }, '/amountMicros'],
    ];
    for (const [body, path] of fields) {
      const answer = await withdraw(s.token, body, undefined, { lang: 'en' });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(
        answer.body.data.errors?.map((e) => e.path),
        JSON.stringify(body),
      ).toContain(path);
      expect(answer.body.data.errors?.[0].message).toBeTruthy();
    }
    const chinese = await withdraw(s.token, { amountMicros: UNIT, method: 'cash', account: 'g' }, undefined, {
      lang: 'zh-cn',
    });
    expect(chinese.body.data.errors?.[0].message).toMatch(/[\u4e00-\u9fff]/);
    expect(await countRows(t.app)).toEqual(before);
  });

  it('writes a pending withdrawal and its ledger row; the same key answers the first withdrawal again', async () => {
    const s = await session(projectA, 'hal', secretA);
    const hal = await participantId(projectA, 'hal');
    await credit(projectA, accountA, hal, 3_000_000);
    // A second later: the ledger shows the newest first (rows of one instant have no order).
    t.clock.advance(1000);
    const first = await withdraw(
      s.token,
      { amountMicros: 1_250_000, method: 'paypal', account: ' hal@pay.example ' },
      'w-1',
    );
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({
      amountMicros: 1_250_000,
      currency: 'USD',
      method: 'paypal',
      account: 'ha****le',
      status: 'pending',
    });
    const stored = await t.app.ctx.db
      .selectFrom('withdrawals')
      .selectAll()
      .where('id', '=', first.body.data.id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ participant_id: hal, account: 'hal@pay.example', idempotency_key: 'w-1' });
    const ledger = await t.app.ctx.db
      .selectFrom('offerwall_ledger')
      .selectAll()
      .where('withdrawal_id', '=', first.body.data.id)
      .execute();
    expect(ledger.map((row) => [row.kind, Number(row.amount_micros)])).toEqual([['withdrawal', -1_250_000]]);

    const before = await countRows(t.app);
    const again = await withdraw(
      s.token,
      { amountMicros: 1_250_000, method: 'paypal', account: 'hal@pay.example' },
      'w-1',
    );
    expect(again.body.data).toEqual(first.body.data);
    // Even with another body, or when it would be refused now.
    const changed = await withdraw(s.token, { amountMicros: 99 * UNIT, method: 'bank', account: 'x' }, 'w-1');
    expect(changed.status).toBe(200);
    expect(changed.body.data.id).toBe(first.body.data.id);
    expect(await countRows(t.app)).toEqual(before);

    const view = await wall(s.token);
    expect(view.body.data.balanceMicros).toBe(1_750_000);
    expect(view.body.data.withdrawals).toEqual([
      expect.objectContaining({ id: first.body.data.id, status: 'pending' }),
    ]);
    expect(view.body.data.ledger[0]).toMatchObject({ kind: 'withdrawal', amountMicros: -1_250_000 });

    // Ten at once with one key: one withdrawal.
    const same = await Promise.all(
      Array.from({ length: 10 }, () =>
        withdraw(s.token, { amountMicros: UNIT, method: 'wechat', account: 'hal-wx' }, 'w-same'),
      ),
    );
    expect(same.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(new Set(same.map((a) => a.body.data.id)).size).toBe(1);
    expect((await wall(s.token)).body.data.balanceMicros).toBe(750_000);
  });

  it(`20 withdrawals at once of a balance that allows 3: exactly 3 succeed and the balance never goes below zero (${SERVERS_UNDER_TEST})`, async () => {
    const s = await session(projectA, 'ivy', secretA);
    const ivy = await participantId(projectA, 'ivy');
    await credit(projectA, accountA, ivy, 3_500_000);
    const { servers, close } = await appServers(t);
    // On PostgreSQL every request is held at its insert until all 20 wait, so they overlap for
    // sure (one process issues them; without the gate they mostly ran one after another).
    const gate = await insertGate(t.databaseUrl);
    let answers: Answer<Withdrawal>[];
    try {
      const sent = Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          withdraw(s.token, { amountMicros: UNIT, method: 'bank', account: `IBAN-${i}` }, `crowd-${i}`, {
            app: servers[i % servers.length],
          }),
        ),
      );
      await gate?.open(20);
      answers = await sent;
    } finally {
      await gate?.close();
      await close();
    }
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused).toHaveLength(17);
    for (const answer of refused) expect(answer.body.data.error).toBe('ads.balanceTooLow');
    const rows = await t.app.ctx.db
      .selectFrom('withdrawals')
      .select('id')
      .where('participant_id', '=', ivy)
      .execute();
    expect(rows).toHaveLength(3);
    // Every prefix of the ledger in time order stays at or above zero.
    const ledger = await t.app.ctx.db
      .selectFrom('offerwall_ledger')
      .select(['amount_micros', 'created_at'])
      .where('participant_id', '=', ivy)
      .orderBy('created_at')
      .execute();
    let running = 0;
    for (const row of ledger) {
      running += Number(row.amount_micros);
      expect(running).toBeGreaterThanOrEqual(0);
    }
    expect(running).toBe(500_000);
    expect((await wall(s.token)).body.data.balanceMicros).toBe(500_000);
  }, 240_000);

  it("keeps projects apart: a participant token of project A reads and spends nothing of B's", async () => {
    const a = await session(projectA, 'jon', secretA);
    const b = await session(projectB, 'jon', secretB);
    await credit(projectB, accountB, await participantId(projectB, 'jon'), 5 * UNIT, 'b1');
    // The same user id is another participant in each project.
    expect(a.participant.code).not.toBe(b.participant.code);
    const ownA = await wall(a.token, `?projectId=${projectA}`);
    expect(ownA.status).toBe(200);
    expect(ownA.body.data.balanceMicros).toBe(0);
    expect(ownA.body.data.offers.every((offer) => offer.accountId === accountA)).toBe(true);
    const crossed = await wall(a.token, `?projectId=${projectB}`);
    expect(crossed.status).toBe(401);
    expect(crossed.body.data.error).toBe('ads.signInInvalid');
    expect(JSON.stringify(crossed.body)).not.toContain('B only');
    expect(
      (await send(t.app, 'POST', `/api/ads/v1/offerwall/offers/${accountB}/b1/open`, { token: a.token }))
        .status,
    ).toBe(404);
    // A's token withdraws from A's (empty) balance, never B's.
    const spent = await withdraw(a.token, { amountMicros: UNIT, method: 'paypal', account: 'jon@x.io' });
    expect(spent.body.data.error).toBe('ads.balanceTooLow');
    const ownB = await wall(b.token, `?projectId=${projectB}`);
    expect(ownB.body.data.balanceMicros).toBe(5 * UNIT);
    expect(ownB.body.data.offers.map((offer) => offer.id)).toEqual(['b1']);
    // Closing A's offerwall leaves B's open.
    await setWall(projectA, 1, 0);
    try {
      expect((await wall(a.token)).status).toBe(404);
      expect((await wall(b.token)).status).toBe(200);
    } finally {
      await setWall(projectA, 1, 1);
    }
  });

  it('lets any origin call the public routes (CORS), errors included', async () => {
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/ads/v1/offerwall/withdrawals',
      headers: {
        origin: 'https://app.example.com',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type, idempotency-key',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(String(preflight.headers['access-control-allow-headers'])).toContain('idempotency-key');
    const s = await session(projectA, 'kim', secretA);
    const ok = await wall(s.token);
    expect(ok.headers['access-control-allow-origin']).toBe('*');
    const refused = await send(t.app, 'GET', '/api/ads/v1/offerwall');
    expect(refused.status).toBe(401);
    expect(refused.headers['access-control-allow-origin']).toBe('*');
  });
});
