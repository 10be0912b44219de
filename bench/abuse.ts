// npm run bench:abuse: a reward farm against a real server process (SQLite file, the scheduler on,
// TRUST_PROXY=loopback so each simulated visitor has its own address through X-Forwarded-For),
// while honest players play beside it, everything over HTTP:
// - a referral that takes the server's word only (the default): the farmer's invite link clicked
//   from 1,000 fake devices (many user agents and addresses), each install attributed and a
//   registration reported with the SDK access key that ships in the app; 20 honest inviters bring
//   40 friends whose registrations the project's server reports, signed with the API secret;
// - a lucky wheel with risk rules (10 rewards a day per /24, 3 per device and per user id, 5
//   actions a minute per participant, 2 user ids per device): 200 devices from one /24, one device
//   opening 50 user ids, one participant bursting 30 draws at once, and 50 honest players drawing
//   3 times each from their own phones and networks.
// Rewards are read back through the participant API. A fake reward is one the farm got past what
// the rules allow (none from the SDK's registrations; 10 to the /24; 3 to the shared device; 3 to
// the burst); an honest reward lost is one an honest player should have had and did not.
// The anchor: honest draws per second on a twin wheel without risk rules against the same draws on
// a wheel whose rules bind nobody (the rules' reads and writes done, nothing refused), rounds
// alternating, medians reported (`risk_overhead_ratio` = with rules / without). Not timed: set-up,
// sessions. Nothing is deferred: a draw's rows and its risk counters commit before its answer.
// Last line: one JSON object.
import type { ChildProcess } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { Agent, request as httpRequest } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { api, freePort, median } from './benchHttp';
import { startProduct, waitFor } from './benchServer';

const FAKE_REGISTRATIONS = Number(process.env.BENCH_FAKES ?? 1000);
const SUBNET_DEVICES = 200;
const SHARED_DEVICE_USERS = 50;
const BURST = 30;
const HONEST_INVITERS = 20;
const HONEST_PLAYERS = 50;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const DRAWS_PER_ROUND = Number(process.env.BENCH_DRAWS ?? 400);
const CONCURRENCY = 20;
// The wheel's rules, and what each attack may get under them.
const RULES = {
  rewardsPerDay: { subnet: 10, device: 3, user: 3 },
  velocity: { participant: 5 },
  usersPerDevice: { max: 2, action: 'refuse' },
};
const log = (line: string) => console.log(line);

const USER_AGENTS = [
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Linux; Android 13; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/123.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47',
  'Mozilla/5.0 (Linux; Android 12; M2012K11AC) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36 XiaoMi/MiuiBrowser/17.8',
];
const ua = (i: number) => USER_AGENTS[i % USER_AGENTS.length];

const agent = new Agent({ keepAlive: true, maxSockets: 64 });

/** One HTTP request to the server (any host name, as a phone or a proxy would send it). */
function send(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; json: { code: number; msg: string; data: Record<string, unknown> } | null }> {
  return new Promise((ok, fail) => {
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent,
        headers: {
          ...headers,
          ...(body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) }),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          let json = null;
          try {
            json = JSON.parse(text);
          } catch {
            // a redirect or a page
          }
          ok({ status: response.statusCode ?? 0, json });
        });
        response.on('error', fail);
      },
    );
    request.on('error', fail);
    request.end(body);
  });
}

/** Runs `count` tasks, `CONCURRENCY` at once. */
async function pool<T>(count: number, task: (i: number) => Promise<T>, width = CONCURRENCY): Promise<T[]> {
  const out: T[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, count) }, async () => {
      while (next < count) {
        const i = next++;
        out[i] = await task(i);
      }
    }),
  );
  return out;
}

const dir = mkdtempSync(join(tmpdir(), 'bench-abuse-'));
let server: ChildProcess | undefined;
try {
  const port = await freePort();
  server = startProduct(`sqlite:${join(dir, 'product.db')}`, dir, port, {
    TRUST_PROXY: 'loopback',
    SCHEDULER_INTERVAL_MS: '100',
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/api/health`, server);

  // ---- The project, as its owner sets it up in the console.
  const { token } = await api<{ token: string }>(base, 'POST', '/api/auth/sign-up', {
    companyName: 'Farmside',
    email: 'owner@farm.example',
    password: 'Bench-pass-1',
    confirmPassword: 'Bench-pass-1',
    agreement: true,
  });
  const console_ = (method: string, path: string, body?: unknown, projectId?: string) =>
    api<Record<string, unknown>>(base, method, path, body, {
      authorization: `Bearer ${token}`,
      ...(projectId ? { 'x-project-id': projectId } : {}),
    });
  const prefix = 'farm';
  const projectId = (await console_('POST', '/api/projects', { name: 'Farm', domainPrefix: prefix }))
    .id as string;
  const keys = (await console_('GET', '/api/access-key', undefined, projectId)) as {
    accessKey: string;
    apiSecret: string;
  };
  const template = await console_(
    'POST',
    '/api/link-templates',
    {
      name: 'app',
      android: { stores: ['google-play'], packageNames: 'com.example.app' },
      ios: { appStoreUrl: 'https://apps.apple.com/app/id123456789' },
      webFirst: false,
      wechatLanding: false,
      clickAttribution: 'last',
      attributionWindowDays: 7,
    },
    projectId,
  );
  const link = await console_(
    'POST',
    '/api/links',
    { name: 'invite', templateId: template.id, redirectMode: 'template' },
    projectId,
  );
  const times = {
    startTime: new Date(Date.now() - 3_600_000).toISOString(),
    endTime: new Date(Date.now() + 7 * 86_400_000).toISOString(),
  };
  const text = (en: string) => ({ 'zh-CN': en, 'en-US': en });
  const prize = (id: string, more: Record<string, unknown> = {}) => ({
    id,
    name: text(id),
    deliveryType: 'system',
    isThank: false,
    stock: 1_000_000,
    ...more,
  });
  const registry = await api<{
    entries: { mark: string; templates: { config: Record<string, unknown> }[] }[];
  }>(base, 'GET', '/api/schemas?kind=gameplay');
  async function live(mark: string, fields: Record<string, unknown>) {
    const entry = registry.entries.find((e) => e.mark === mark);
    if (!entry) throw new Error(`no gameplay ${mark}`);
    const config: Record<string, unknown> = { ...entry.templates[0].config, ...times, ...fields };
    delete config.onlineAt;
    delete config.offlineAt;
    config.preheat = { enabled: false };
    const body = { area: 'growth', kind: 'gameplay', mark, config };
    const created = await console_('POST', '/api/campaigns', body, projectId);
    await console_('POST', `/api/campaigns/${created.id}/actions`, { action: 'goOnline' }, projectId);
    return created.id as string;
  }
  const referral = await live('referral', {
    inviteRules: ['download', 'register'],
    newUserDefinition: 'new-device',
    prizes: [prize('welcome'), prize('bonus')],
    newUserPrizeId: 'welcome',
    perInvitePrizeId: 'bonus',
    ladder: [],
    totalInviteRewardStock: 0,
    inviteLinkId: link.id,
  });
  const wheelFields = (risk: unknown, initialCount: number) => ({
    goal: 'engagement-retention',
    chances: { initialCount, dailyFree: 0 },
    prizes: [prize('gold', { odds: 100 })],
    ...(risk ? { risk } : {}),
  });
  const wheel = await live('lucky-wheel', wheelFields(RULES, 5));

  // ---- Participants as the apps and pages make them.
  let handoffs = 0;
  const handoff = (campaignId: string, userId: string) => {
    const exp = Math.floor(Date.now() / 1000) + 3600 + (handoffs++ % 10_000);
    const sig = createHmac('sha256', keys.apiSecret)
      .update(`${campaignId}.${userId}.${exp}`)
      .digest('base64url');
    return { userId, exp, sig };
  };
  const visitor = (ip: string, i: number) => ({
    'content-type': 'application/json',
    'x-forwarded-for': ip,
    'user-agent': ua(i),
    'x-lang': 'en',
  });
  async function session(campaignId: string, body: Record<string, unknown>, ip: string, i: number) {
    const answer = await send(
      port,
      'POST',
      '/api/play/v1/sessions',
      visitor(ip, i),
      JSON.stringify({ campaignId, ...body }),
    );
    return { status: answer.status, token: answer.json?.data?.token as string | undefined };
  }
  async function draw(campaignId: string, token: string, ip: string, i: number) {
    const answer = await send(
      port,
      'POST',
      `/api/play/v1/campaigns/${campaignId}/actions/draw`,
      {
        ...visitor(ip, i),
        authorization: `Participant ${token}`,
        'idempotency-key': randomBytes(8).toString('hex'),
      },
      '{}',
    );
    return { status: answer.status, error: (answer.json?.data?.error as string | undefined) ?? null };
  }
  async function rewardsOf(campaignId: string, token: string) {
    const answer = await send(port, 'GET', `/api/play/v1/campaigns/${campaignId}/rewards`, {
      authorization: `Participant ${token}`,
    });
    return ((answer.json?.data?.items as unknown[]) ?? []).length;
  }
  const sdkHeaders = (ip: string, i: number) => ({ ...visitor(ip, i), 'x-access-key': keys.accessKey });
  async function attribute(deviceId: string, ip: string, i: number) {
    const answer = await send(
      port,
      'POST',
      '/api/sdk/v1/attribution',
      sdkHeaders(ip, i),
      JSON.stringify({ type: 'install', deviceId, platform: 'android', userAgent: ua(i) }),
    );
    return answer.json?.data?.matched === true;
  }
  async function click(inviteLink: string, ip: string, i: number) {
    const url = new URL(inviteLink);
    const answer = await send(port, 'GET', `${url.pathname}${url.search}`, {
      host: url.host,
      'x-forwarded-for': ip,
      'user-agent': ua(i),
    });
    return answer.status;
  }
  const registration = (deviceId: string, userId: string, n: number) => ({
    eventId: `reg-${deviceId}-${n}`,
    name: 'register',
    deviceId,
    userId,
    platform: 'android',
    time: new Date().toISOString(),
  });
  async function serverEvents(events: unknown[]) {
    const body = JSON.stringify({ events });
    const id = `msg_${randomBytes(8).toString('hex')}`;
    const at = new Date();
    const answer = await send(
      port,
      'POST',
      '/api/server/v1/events',
      {
        'content-type': 'application/json',
        'x-access-key': keys.accessKey,
        'webhook-id': id,
        'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
        'webhook-signature': new Webhook(keys.apiSecret).sign(id, at, body),
      },
      body,
    );
    if (answer.status !== 200)
      throw new Error(`server events: ${answer.status} ${JSON.stringify(answer.json)}`);
  }
  const inviteLinkOf = async (token: string) => {
    const page = await send(port, 'GET', `/api/play/v1/campaigns/${referral}`, {
      authorization: `Participant ${token}`,
    });
    return (page.json?.data?.me as { progress: { invite: { link: string } } }).progress.invite.link as string;
  };

  // ---- The referral farm (the SDK key only) and the honest inviters (their server confirms).
  log(
    `referral: ${FAKE_REGISTRATIONS} fake registrations through the SDK key, ${HONEST_INVITERS * 2} honest friends`,
  );
  const farmer = await session(referral, handoff(referral, 'farmer'), '100.64.0.1', 0);
  const farmLink = await inviteLinkOf(farmer.token as string);
  const inviters = await pool(HONEST_INVITERS, async (i) => {
    const s = await session(referral, handoff(referral, `inviter-${i}`), `198.19.${i}.1`, i);
    return { token: s.token as string, link: await inviteLinkOf(s.token as string) };
  });
  const fakeMatched = await pool(FAKE_REGISTRATIONS, async (i) => {
    const ip = `100.64.${1 + (i >> 8)}.${i & 255}`;
    await click(farmLink, ip, i);
    return attribute(`fake-device-${i}`, ip, i);
  });
  for (let i = 0; i < FAKE_REGISTRATIONS; i += 100) {
    const batch = Array.from({ length: Math.min(100, FAKE_REGISTRATIONS - i) }, (_, j) =>
      registration(`fake-device-${i + j}`, `fake-user-${i + j}`, 0),
    );
    const sent = await send(
      port,
      'POST',
      '/api/sdk/v1/events',
      sdkHeaders('100.64.9.9', i),
      JSON.stringify({ events: batch }),
    );
    if (sent.status !== 200) throw new Error(`sdk events: ${sent.status}`);
  }
  const friends = inviters.flatMap((inviter, i) =>
    [0, 1].map((k) => ({
      inviter,
      device: `friend-${i}-${k}`,
      user: `friend-user-${i}-${k}`,
      ip: `198.20.${i}.${10 + k}`,
    })),
  );
  await pool(friends.length, async (i) => {
    const f = friends[i];
    await click(f.inviter.link, f.ip, i);
    await attribute(f.device, f.ip, i);
  });
  await serverEvents(friends.map((f, n) => registration(f.device, f.user, n)));

  // ---- The wheel: the farm's three attacks beside 50 honest players.
  log(
    `wheel: ${SUBNET_DEVICES} devices of one /24, one device with ${SHARED_DEVICE_USERS} user ids, a burst of ${BURST}, ${HONEST_PLAYERS} honest players`,
  );
  const subnetAttack = pool(SUBNET_DEVICES, async (i) => {
    const ip = `203.0.113.${1 + (i % 250)}`;
    const s = await session(wheel, { deviceId: `farm-phone-${String(i).padStart(4, '0')}` }, ip, i);
    if (!s.token) return 0;
    const drawn = await draw(wheel, s.token, ip, i);
    return drawn.status === 200 ? await rewardsOf(wheel, s.token) : 0;
  });
  const sharedDevice = pool(
    SHARED_DEVICE_USERS,
    async (i) => {
      const ip = '192.0.2.77';
      const s = await session(
        wheel,
        { ...handoff(wheel, `sock-${i}`), deviceId: 'shared-phone-0001' },
        ip,
        i,
      );
      if (!s.token) return { refused: 1, rewards: 0 };
      for (let k = 0; k < 5; k += 1) await draw(wheel, s.token, ip, i);
      return { refused: 0, rewards: await rewardsOf(wheel, s.token) };
    },
    1,
  );
  const burst = (async () => {
    const s = await session(
      wheel,
      { ...handoff(wheel, 'burster'), deviceId: 'burst-phone-0001' },
      '198.51.100.200',
      0,
    );
    const answers = await Promise.all(
      Array.from({ length: BURST }, (_, i) => draw(wheel, s.token as string, '198.51.100.200', i)),
    );
    return {
      refused: answers.filter((a) => a.status === 429).length,
      rewards: await rewardsOf(wheel, s.token as string),
    };
  })();
  const honest = pool(HONEST_PLAYERS, async (i) => {
    const ip = `198.18.${i}.${20 + (i % 200)}`;
    const s = await session(
      wheel,
      { ...handoff(wheel, `player-${i}`), deviceId: `player-phone-${i}` },
      ip,
      i,
    );
    for (let k = 0; k < 3; k += 1) await draw(wheel, s.token as string, ip, i);
    return rewardsOf(wheel, s.token as string);
  });
  const [subnetRewards, shared, bursted, honestWheel] = await Promise.all([
    subnetAttack,
    sharedDevice,
    burst,
    honest,
  ]);

  // The scheduler decides complete invites within a few of its 100 ms turns.
  let honestReferral = 0;
  let farmRewards = 0;
  for (let wait = 0; wait < 100; wait += 1) {
    await new Promise((r) => setTimeout(r, 200));
    const inviterRewards = await Promise.all(inviters.map((v) => rewardsOf(referral, v.token)));
    honestReferral = inviterRewards.reduce((a, b) => a + b, 0);
    if (honestReferral >= friends.length) break;
  }
  farmRewards = await rewardsOf(referral, farmer.token as string);
  // Each friend, opening the campaign from the app as themselves, holds the new-user prize.
  const friendRewards = await pool(friends.length, async (i) => {
    const s = await session(referral, handoff(referral, friends[i].user), friends[i].ip, i);
    return rewardsOf(referral, s.token as string);
  });
  const fakeInviteeRewards = await pool(20, async (i) => {
    const s = await session(referral, handoff(referral, `fake-user-${i}`), '100.64.9.9', i);
    return rewardsOf(referral, s.token as string);
  });

  // ---- The anchor: honest draws on a wheel without rules and on one whose rules bind nobody.
  const loose = {
    rewardsPerDay: { subnet: 99_999, device: 9999, user: 9999 },
    velocity: { participant: 600 },
  };
  const plain = await live('lucky-wheel', wheelFields(null, 1000));
  const ruled = await live('lucky-wheel', wheelFields(loose, 1000));
  const players = 100;
  const tokensOf = async (campaignId: string) =>
    pool(
      players,
      async (i) =>
        (
          await session(
            campaignId,
            { ...handoff(campaignId, `load-${i}`), deviceId: `load-phone-${i}` },
            `198.${40 + (i >> 8)}.${i & 255}.1`,
            i,
          )
        ).token as string,
    );
  const plainTokens = await tokensOf(plain);
  const ruledTokens = await tokensOf(ruled);
  const speed = async (campaignId: string, tokens: string[]) => {
    const start = performance.now();
    await pool(DRAWS_PER_ROUND, (i) =>
      draw(campaignId, tokens[i % players], `198.${40 + ((i % players) >> 8)}.${(i % players) & 255}.1`, i),
    );
    return Math.round(DRAWS_PER_ROUND / ((performance.now() - start) / 1000));
  };
  await speed(plain, plainTokens); // warm-up, not counted
  await speed(ruled, ruledTokens);
  const withRules: number[] = [];
  const without: number[] = [];
  for (let r = 0; r < ROUNDS; r += 1) {
    without.push(await speed(plain, plainTokens));
    withRules.push(await speed(ruled, ruledTokens));
    log(`round ${r + 1}: ${without[r]} draws/s without rules, ${withRules[r]} with`);
  }

  const report = (await console_('GET', `/api/campaigns/${wheel}/report/risk`, undefined, projectId)) as {
    byRule: Record<string, number>;
  };
  const referralReport = (await console_(
    'GET',
    `/api/campaigns/${referral}/report/risk`,
    undefined,
    projectId,
  )) as {
    byRule: Record<string, number>;
  };
  const subnetGot = subnetRewards.reduce((a, b) => a + b, 0);
  const sharedGot = shared.reduce((a, s) => a + s.rewards, 0);
  const honestExpected = HONEST_PLAYERS * 3 + friends.length * 2;
  const honestGot =
    honestWheel.reduce((a, b) => a + b, 0) + honestReferral + friendRewards.reduce((a, b) => a + b, 0);
  const fake = {
    registrations: farmRewards + fakeInviteeRewards.reduce((a, b) => a + b, 0),
    subnet: Math.max(0, subnetGot - RULES.rewardsPerDay.subnet),
    sharedDevice: Math.max(0, sharedGot - RULES.rewardsPerDay.device),
    burst: Math.max(0, bursted.rewards - RULES.rewardsPerDay.user),
  };
  log(
    `referral: ${fakeMatched.filter(Boolean).length} fake installs attributed; farmer rewards ${farmRewards}; honest ${honestReferral} inviter + ${friendRewards.reduce((a, b) => a + b, 0)} friend rewards`,
  );
  log(
    `wheel: /24 got ${subnetGot} (limit ${RULES.rewardsPerDay.subnet}); shared device ${sharedGot} (limit ${RULES.rewardsPerDay.device}), ${shared.reduce((a, s) => a + s.refused, 0)} sessions refused; burst ${bursted.rewards} rewards, ${bursted.refused} refused`,
  );
  console.log(
    JSON.stringify({
      fake_rewards: fake.registrations + fake.subnet + fake.sharedDevice + fake.burst,
      honest_rewards_lost: Math.max(0, honestExpected - honestGot),
      fake_registrations: FAKE_REGISTRATIONS,
      fake_registration_rewards: fake.registrations,
      sdk_events_ignored: referralReport.byRule.progressSource ?? 0,
      subnet_devices: SUBNET_DEVICES,
      subnet_rewards: subnetGot,
      subnet_limit: RULES.rewardsPerDay.subnet,
      shared_device_user_ids: SHARED_DEVICE_USERS,
      shared_device_sessions_refused: shared.reduce((a, s) => a + s.refused, 0),
      shared_device_rewards: sharedGot,
      burst_actions: BURST,
      burst_refused: bursted.refused,
      burst_rewards: bursted.rewards,
      honest_rewards_expected: honestExpected,
      honest_rewards: honestGot,
      refused_by_rule: report.byRule,
      draws_per_s_with_rules: median(withRules),
      draws_per_s_without: median(without),
      risk_overhead_ratio: Math.round((median(withRules) / median(without)) * 1000) / 1000,
    }),
  );
} finally {
  server?.kill();
  agent.destroy();
  rmSync(dir, { recursive: true, force: true });
}
