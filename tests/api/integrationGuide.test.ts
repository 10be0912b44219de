import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/testApp';
import { call, type Envelope } from './helpers/api';
import { createProject, signUpOwner, type SignedIn } from './helpers/accounts';
import { campaignAction, createCampaign, templateConfig, withTimes } from './helpers/campaigns';
import { act, apiSecretOf, signedSession, type PlaySession } from './helpers/play';
import { handoffSnippet } from '../../src/web/features/campaigns/handoffSnippets';

// The customer's programs of docs/integration-guide.md, run as the guide says against a listening
// server: the reward receiver gets a real win's signed callback, the token callback signs a player
// in, the event sender stores an event. The guide quotes each program and the hand-off program of
// the "Get link" dialog; those quotes must be the files and the dialog's text, so neither can rot.

const EXAMPLES = join(process.cwd(), 'docs', 'examples');
const GUIDE = join(process.cwd(), 'docs', 'integration-guide.md');
const PROGRAMS = ['reward-receiver.mjs', 'token-callback.mjs', 'send-events.mjs'];
const HOUR = 3_600_000;

/** The fenced code blocks of a Markdown text, without their fences. */
function codeBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/^```[a-z]*\n([\s\S]*?)^```$/gm)].map((m) => m[1]);
}

/** Polls until `check` holds (a program's output arrives on its own time). */
async function until(check: () => boolean, what: string, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`waited ${ms} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

interface Running {
  child: ChildProcess;
  lines: string[];
  port: number;
}

/** Starts an example server on a free port; answers once it says where it listens. */
async function startProgram(file: string, env: Record<string, string>): Promise<Running> {
  const child = spawn(process.execPath, [join(EXAMPLES, file)], {
    env: { ...process.env, ...env, PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let stderr = '';
  child.stderr?.on('data', (chunk) => (stderr += chunk));
  createInterface({ input: child.stdout! }).on('line', (line) => lines.push(line));
  const exited = new Promise<never>((_, reject) =>
    child.on('exit', (code) => reject(new Error(`${file} exited ${code}: ${stderr}`))),
  );
  await Promise.race([
    until(() => lines.some((l) => l.startsWith('listening on ')), `${file} to listen`),
    exited,
  ]);
  const port = Number(/^listening on (\d+)$/.exec(lines.find((l) => l.startsWith('listening on '))!)![1]);
  return { child, lines, port };
}

/** Runs a program to its end; answers its exit code and output. */
function runProgram(file: string, args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [join(EXAMPLES, file), ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe("the integration guide's programs, run against the server", () => {
  let t: TestApp;
  let owner: SignedIn;
  let projectId: string;
  let secret: string;
  let base: string;
  let wheel: Record<string, unknown>;
  const running: ChildProcess[] = [];
  const previousPrivate = process.env.ALLOW_PRIVATE_CALLBACKS;

  beforeAll(async () => {
    // The example servers listen on this machine, as they would on a developer's.
    process.env.ALLOW_PRIVATE_CALLBACKS = '1';
    // Real time: the receiver checks the callback's timestamp against its own clock.
    t = await createTestApp({ now: () => new Date() });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    owner = await signUpOwner(t.app, 'guide@example.com');
    projectId = await createProject(t.app, owner, 'Guide', 'guide');
    secret = await apiSecretOf(t.app, projectId);
    wheel = await templateConfig(t.app, 'gameplay', 'lucky-wheel', 'classic');
  });
  afterAll(async () => {
    for (const child of running) child.kill();
    if (previousPrivate === undefined) delete process.env.ALLOW_PRIVATE_CALLBACKS;
    else process.env.ALLOW_PRIVATE_CALLBACKS = previousPrivate;
    await t?.close();
  });

  /** A live lucky wheel of the project, with `fields` over the classic template. */
  async function liveWheel(fields: Record<string, unknown> = {}) {
    const created = await createCampaign(t.app, owner, projectId, {
      mark: 'lucky-wheel',
      config: { ...withTimes(wheel, new Date(Date.now() - HOUR)), ...fields },
    });
    const online = await campaignAction(t.app, owner, projectId, created.id, 'goOnline');
    expect(online.status, JSON.stringify(online.body)).toBe(200);
    return created.id;
  }

  it('quotes the example files and the "Get link" hand-off program exactly', () => {
    const blocks = codeBlocks(readFileSync(GUIDE, 'utf8'));
    for (const file of PROGRAMS) expect(blocks, file).toContain(readFileSync(join(EXAMPLES, file), 'utf8'));
    const handoff = handoffSnippet('node', {
      base: 'https://console.example.com',
      campaignId: 'YOUR_CAMPAIGN_ID',
    });
    expect(blocks).toContain(`${handoff}\n`);
  });

  it('reward-receiver.mjs verifies a real callback, grants it once, answers success; another secret is refused', async () => {
    const receiver = await startProgram('reward-receiver.mjs', { GC_API_SECRET: secret });
    running.push(receiver.child);
    const url = `http://127.0.0.1:${receiver.port}/`;
    const campaignId = await liveWheel({
      prizes: [
        {
          id: 'vip',
          name: { 'zh-CN': '会员周卡', 'en-US': 'VIP week' },
          deliveryType: 'callback',
          callbackUrl: url,
          keys: [{ key: 'sku', value: 'vip-7d' }],
          odds: 100,
          unlimitedStock: true,
          isThank: false,
        },
      ],
      chances: { initialCount: 1, dailyFree: 0 },
    });
    const session = await signedSession(t.app, campaignId, 'buyer-7', secret);
    const drawn = await act<{ result: { rewardId: string } }>(t.app, campaignId, session.token, 'draw');
    expect(drawn.status, JSON.stringify(drawn.body)).toBe(200);
    const rewardId = drawn.body.data.result.rewardId;
    await t.app.rewardDelivery?.idle();

    const grants = () => receiver.lines.filter((l) => l.startsWith('{')).map((l) => JSON.parse(l));
    await until(() => grants().length === 1, 'the grant');
    expect(grants()).toEqual([{ granted: rewardId, user: 'buyer-7', data: { sku: 'vip-7d' } }]);
    const record = await call<{ awardStatus: string; attempts: number }>(
      t.app,
      'GET',
      `/api/rewards/${rewardId}`,
      {
        token: owner.token,
        projectId,
      },
    );
    expect(record.body.data).toMatchObject({ awardStatus: 'success', attempts: 1 });

    // The same message again (a retry or a reissue): answered success, granted no second time.
    const post = (body: string, headers: Record<string, string>) =>
      fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
    const signed = (key: string, id: string, body: string) => {
      const now = new Date();
      return {
        'webhook-id': id,
        'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
        'webhook-signature': new Webhook(key).sign(id, now, body),
      };
    };
    const again = JSON.stringify({ type: 'reward.issued', rewardId, user: { id: 'buyer-7' }, data: {} });
    const repeat = await post(again, signed(secret, `msg_${rewardId}`, again));
    expect([repeat.status, await repeat.text()]).toEqual([200, 'success']);
    // Signed with another secret: refused, nothing granted.
    const forged = await post(again, signed(randomBytes(32).toString('base64'), 'msg_forged', again));
    expect(forged.status).toBe(401);
    // A new message with the right secret is granted (the receiver does not refuse everything).
    const other = JSON.stringify({ type: 'reward.issued', rewardId: 'r2', user: { id: 'u2' }, data: {} });
    expect((await post(other, signed(secret, 'msg_r2', other))).status).toBe(200);
    await until(() => grants().length === 2, 'the second grant');
    expect(grants().map((g) => g.granted)).toEqual([rewardId, 'r2']);
  });

  it('token-callback.mjs signs a known app token in as its user; an unknown token is refused', async () => {
    const callback = await startProgram('token-callback.mjs', {
      APP_SESSIONS: 'app-token-1=buyer-8:vip,app-token-2=buyer-9',
    });
    running.push(callback.child);
    const saved = await call(t.app, 'PUT', '/api/dev-config', {
      token: owner.token,
      projectId,
      body: { tokenCallbackUrl: `http://127.0.0.1:${callback.port}/`, ipWhitelist: [] },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const campaignId = await liveWheel();

    const open = (appToken: string) =>
      t.app.inject({ method: 'POST', url: '/api/play/v1/sessions', payload: { campaignId, appToken } });
    const known = await open('app-token-1');
    expect(known.statusCode, known.body).toBe(200);
    expect((known.json() as Envelope<PlaySession>).data.participant).toMatchObject({
      userId: 'buyer-8',
      anonymous: false,
    });
    const plain = await open('app-token-2');
    expect((plain.json() as Envelope<PlaySession>).data.participant.userId).toBe('buyer-9');
    const unknown = await open('app-token-3');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().data.error).toBe('play.unauthorized');
  });

  it('send-events.mjs stores a signed register event with its user id as the server’s; a wrong key or secret exits 1 with the refusal', async () => {
    const key = await call<{ accessKey: string; apiSecret: string }>(t.app, 'GET', '/api/access-key', {
      token: owner.token,
      projectId,
    });
    const env = {
      GC_URL: base,
      GC_ACCESS_KEY: key.body.data.accessKey,
      GC_API_SECRET: key.body.data.apiSecret,
    };
    const sent = await runProgram(
      'send-events.mjs',
      ['register', 'buyer-10', 'device-guide-1', 'android'],
      env,
    );
    expect(sent.code, sent.stderr).toBe(0);
    const answer = JSON.parse(sent.stdout.trim());
    expect(answer).toMatchObject({
      status: 200,
      code: 0,
      data: { accepted: 1, duplicates: 0, rejected: [] },
    });

    const logs = await call<{
      items: { name: string; userId: string; deviceId: string; platform: string }[];
    }>(t.app, 'GET', '/api/event-logs?deviceId=device-guide-1', { token: owner.token, projectId });
    expect(logs.status, JSON.stringify(logs.body)).toBe(200);
    expect(logs.body.data.items).toEqual([
      expect.objectContaining({
        name: 'register',
        userId: 'buyer-10',
        deviceId: 'device-guide-1',
        platform: 'android',
      }),
    ]);

    // A wrong key: the program reports the refusal and exits 1.
    const refused = await runProgram('send-events.mjs', ['register', 'buyer-10'], {
      ...env,
      GC_ACCESS_KEY: 'wrong',
    });
    expect(refused.code).toBe(1);
    expect(JSON.parse(refused.stdout.trim())).toMatchObject({ status: 401 });
    const forged = await runProgram('send-events.mjs', ['register', 'buyer-11'], {
      ...env,
      GC_API_SECRET: Buffer.from('not the project secret, 32 bytes!').toString('base64'),
    });
    expect(forged.code).toBe(1);
    expect(JSON.parse(forged.stdout.trim())).toMatchObject({
      status: 401,
      data: { error: 'serverSignatureInvalid' },
    });
    const stored = await t.app.ctx.db
      .selectFrom('sdk_events')
      .select(['via'])
      .where('project_id', '=', projectId)
      .where('device_id', '=', 'device-guide-1')
      .execute();
    expect(stored).toEqual([{ via: 'server' }]);
  });
});
