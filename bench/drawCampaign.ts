// The set-up of npm run bench:draw, the same on every database: the product's campaign (a lucky
// wheel whose limited prizes run out during the run) and its participants' sessions, the anchor's
// tables, sessions and stock (bench/drawBareServer.ts), and the check after the rounds (no prize
// won beyond its stock, reward rows equal to the stock counters).
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { createDb } from '../src/server/db/createDb';
import type { Database } from '../src/server/db/tables';
import { api } from './benchHttp';

// Several prizes of limited stock (they run out during the run) plus an unlimited one and thank-you.
export const PRIZES = [
  { id: 'phone', odds: 1, stock: 20 },
  { id: 'coupon50', odds: 9, stock: 400 },
  { id: 'coupon10', odds: 20, stock: 1500 },
  { id: 'points', odds: 30, stock: null },
];

export interface DrawCampaign {
  campaign: { id: string };
  /** The console's headers for the bench's project. */
  scoped: Record<string, string>;
  schemas: {
    entries: { mark: string; templates: { name: string; config: Record<string, unknown> }[] }[];
  };
  config: Record<string, unknown> & { startTime: string; endTime: string };
  /** One participant session per participant (user-0, user-1, ...). */
  productTokens: string[];
}

/**
 * On the product at `base`: sign-up, a project, the lucky wheel online, and `PARTICIPANTS`
 * participants each with a session from a signed hand-off.
 */
export async function setUpDrawCampaign(base: string, PARTICIPANTS: number): Promise<DrawCampaign> {
  const { token } = await api<{ token: string }>(base, 'POST', '/api/auth/sign-up', {
    companyName: 'Bench',
    email: 'bench@example.com',
    password: 'bench-pass',
    confirmPassword: 'bench-pass',
    agreement: true,
  });
  const auth = { authorization: `Bearer ${token}` };
  const project = await api<{ id: string }>(
    base,
    'POST',
    '/api/projects',
    { name: 'Bench', domainPrefix: 'bench', timezone: 'Asia/Shanghai' },
    auth,
  );
  const scoped = { ...auth, 'x-project-id': project.id };
  const schemas = await api<{
    entries: { mark: string; templates: { name: string; config: Record<string, unknown> }[] }[];
  }>(base, 'GET', '/api/schemas?kind=gameplay');
  const template = schemas.entries
    .find((e) => e.mark === 'lucky-wheel')
    ?.templates.find((t) => t.name === 'classic');
  if (!template) throw new Error('no lucky-wheel classic template');
  const now = Date.now();
  const config = {
    ...template.config,
    startTime: new Date(now - 3_600_000).toISOString(),
    endTime: new Date(now + 7 * 86_400_000).toISOString(),
    onlineAt: undefined,
    offlineAt: undefined,
    preheat: { enabled: false },
    prizes: [
      ...PRIZES.map((p) => ({
        id: p.id,
        name: { 'zh-CN': p.id, 'en-US': p.id },
        deliveryType: 'system',
        isThank: false,
        odds: p.odds,
        ...(p.stock === null ? { unlimitedStock: true } : { stock: p.stock }),
      })),
      {
        id: 'thanks',
        name: { 'zh-CN': '谢谢参与', 'en-US': 'Thank you' },
        deliveryType: 'system',
        isThank: true,
      },
    ],
    chances: { initialCount: 1000, dailyFree: 0 },
  };
  const campaign = await api<{ id: string }>(
    base,
    'POST',
    '/api/campaigns',
    { area: 'growth', kind: 'gameplay', mark: 'lucky-wheel', config },
    scoped,
  );
  await api(base, 'POST', `/api/campaigns/${campaign.id}/actions`, { action: 'goOnline' }, scoped);
  const { apiSecret } = await api<{ apiSecret: string }>(base, 'GET', '/api/access-key', undefined, scoped);

  // 1,500 participants, each with a session from a signed hand-off (not timed).
  const exp = Math.floor(now / 1000) + 3600;
  const productTokens: string[] = [];
  for (let i = 0; i < PARTICIPANTS; i += 50) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(50, PARTICIPANTS - i) }, (_, j) => {
        const userId = `user-${i + j}`;
        const sig = createHmac('sha256', apiSecret)
          .update(`${campaign.id}.${userId}.${exp}`)
          .digest('base64url');
        return api<{ token: string }>(base, 'POST', '/api/play/v1/sessions', {
          campaignId: campaign.id,
          userId,
          exp,
          sig,
        });
      }),
    );
    productTokens.push(...batch.map((b) => b.token));
  }
  return { campaign, scoped, schemas, config, productTokens };
}

/**
 * The anchor's database at `url` (opened by createDb, so with the product's settings): its tables,
 * one session per participant and the same prizes and stock. Answers the participants' tokens.
 */
export async function seedDrawAnchor(url: string, PARTICIPANTS: number): Promise<string[]> {
  // The anchor: its own SQLite file opened by createDb (same pragmas), the same prizes and stock.
  const anchorDb = (await createDb(url)).db;
  await sql`create table bare_sessions (token_hash text primary key, participant_id text not null)`.execute(
    anchorDb,
  );
  await sql`create table bare_stock (campaign_id text not null, prize_id text not null, hundredths integer not null, stock integer not null, issued integer not null default 0, primary key (campaign_id, prize_id))`.execute(
    anchorDb,
  );
  await sql`create table bare_rewards (id text primary key, campaign_id text not null, participant_id text not null, prize_id text not null, idempotency_key text not null, created_at text not null, unique (participant_id, idempotency_key))`.execute(
    anchorDb,
  );
  const anchorTokens = Array.from({ length: PARTICIPANTS }, () => randomBytes(32).toString('base64url'));
  for (const [i, t] of anchorTokens.entries()) {
    await sql`insert into bare_sessions values (${createHash('sha256').update(t).digest('hex')}, ${`p${i}`})`.execute(
      anchorDb,
    );
  }
  for (const p of PRIZES) {
    await sql`insert into bare_stock values ('c', ${p.id}, ${p.odds * 100}, ${p.stock ?? 1_000_000_000}, 0)`.execute(
      anchorDb,
    );
  }
  await anchorDb.destroy();
  return anchorTokens;
}

/**
 * After the rounds, on the product's database: wins of each prize beyond its stock (oversold), and
 * reward rows checked against the stock counters. Prints a line per prize; answers the oversold.
 */
export async function checkStock(
  db: Kysely<Database>,
  campaignId: string,
  log: (line: string) => void,
): Promise<number> {
  const rows = await db
    .selectFrom('reward_records')
    .select((eb) => ['prize_id', eb.fn.countAll<number>().as('n')])
    .where('campaign_id', '=', campaignId)
    .groupBy('prize_id')
    .execute();
  const counters = await db
    .selectFrom('play_prize_stock')
    .select(['prize_id', 'issued'])
    .where('campaign_id', '=', campaignId)
    .execute();
  const { draws } = await db
    .selectFrom('play_actions')
    .select((eb) => eb.fn.countAll<number>().as('draws'))
    .where('campaign_id', '=', campaignId)
    .executeTakeFirstOrThrow();
  let oversold = 0;
  for (const p of PRIZES) {
    const won = Number(rows.find((r) => r.prize_id === p.id)?.n ?? 0);
    const issued = Number(counters.find((c) => c.prize_id === p.id)?.issued ?? 0);
    if (won !== issued) throw new Error(`prize ${p.id}: ${won} reward rows but the counter says ${issued}`);
    if (p.stock !== null) oversold += Math.max(0, won - p.stock);
    log(`prize ${p.id}: stock ${p.stock ?? 'unlimited'}, won ${won}`);
  }
  log(`${draws} draws stored (warm-up included); every answer above is one committed transaction`);
  return oversold;
}
