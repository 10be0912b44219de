import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { localDayNumber } from '../../../src/engine/rules/timeZone';
import { randomId } from '../../../src/server/db/randomId';
import { quarterOf, requestIdOf } from '../../../src/server/ads/requestIds';
import { addServeCounts } from '../../../src/server/ads/serveCounts';
import type { Envelope } from './api';

// Ads income rows seeded straight into the database: accounts, strategies and their URLs,
// requests and clicks (as the serve API records them), participants and withdrawals (as the
// offerwall makes them). Postbacks, imports and reviews go through the API.

export interface SeededAccount {
  id: string;
  secret: string;
}

/** An ad account (entity/ad-account config) with a fresh secret. */
export async function seedAccount(
  app: FastifyInstance,
  projectId: string,
  config: {
    name?: string;
    currency?: string;
    allowedIps?: string[];
    offers?: { id: string; rewardMicros: number }[];
  } = {},
): Promise<SeededAccount> {
  const id = randomId();
  const secret = randomBytes(32).toString('base64url');
  const time = app.ctx.now().toISOString();
  const full = {
    name: config.name ?? 'Network',
    network: 'custom',
    currency: config.currency ?? 'USD',
    allowedIps: config.allowedIps ?? [],
    offers: (config.offers ?? []).map((offer) => ({
      id: offer.id,
      title: { 'en-US': offer.id },
      rewardMicros: offer.rewardMicros,
      url: 'https://offers.example.com/{offer_id}?u={user_id}',
      status: 'online',
    })),
  };
  await app.ctx.db
    .insertInto('ad_accounts')
    .values({
      id,
      project_id: projectId,
      name: full.name,
      config: JSON.stringify(full),
      created_by: null,
      created_at: time,
      updated_at: time,
      network: 'custom',
      secret,
    })
    .execute();
  return { id, secret };
}

let strategyNumber = 0;

/** A strategy row and its URLs (ad_urls), ids by URL. */
export async function seedStrategy(
  app: FastifyInstance,
  projectId: string,
  name: string,
  urls: string[],
): Promise<{ id: string; urls: Record<string, string> }> {
  const id = randomId();
  const time = app.ctx.now().toISOString();
  strategyNumber += 1;
  await app.ctx.db
    .insertInto('ads_strategies')
    .values({
      id,
      project_id: projectId,
      name,
      config: JSON.stringify({ name }),
      created_by: null,
      created_at: time,
      updated_at: time,
      number: strategyNumber,
    })
    .execute();
  const ids: Record<string, string> = {};
  for (const url of urls) {
    ids[url] = randomId();
    await app.ctx.db
      .insertInto('ad_urls')
      .values({ id: ids[url], project_id: projectId, strategy_id: id, url, created_at: time })
      .execute();
  }
  return { id, urls: ids };
}

/**
 * Requests of a strategy on a local day (UTC projects: the date's noon), as the serve API counts
 * them: `served` of them with `urlId` (the others unmatched), the first `clicked` of the served
 * ones clicked (their click rows too). Answers the served requests' ids (click ids).
 */
export async function seedRequests(
  app: FastifyInstance,
  input: {
    projectId: string;
    strategyId: string;
    urlId: string;
    date: string;
    domain: string;
    requests: number;
    served: number;
    clicked: number;
  },
): Promise<string[]> {
  const noon = Date.parse(`${input.date}T12:00:00.000Z`);
  await addServeCounts(
    app.ctx.db,
    [
      { urlId: input.urlId, requests: input.served, clicks: input.clicked },
      { urlId: '', requests: input.requests - input.served, clicks: 0 },
    ]
      .filter((c) => c.requests > 0)
      .map((c) => ({
        ...c,
        projectId: input.projectId,
        strategyId: input.strategyId,
        quarter: quarterOf(noon),
        domain: input.domain,
      })),
  );
  const served: string[] = [];
  for (let i = 0; i < input.served; i += 1) {
    const id = requestIdOf(noon + i, randomBytes(6).readUIntBE(0, 6), 'api', input.urlId, input.domain);
    served.push(id);
    if (i < input.clicked)
      await app.ctx.db
        .insertInto('ad_clicks')
        .values({
          request_id: id,
          project_id: input.projectId,
          strategy_id: input.strategyId,
          time: new Date(noon + i).toISOString(),
        })
        .execute();
  }
  return served;
}

/** A participant known by user id (as the offerwall's session makes one). */
export async function seedParticipant(
  app: FastifyInstance,
  projectId: string,
  userId: string,
): Promise<string> {
  const id = randomId();
  const time = app.ctx.now().toISOString();
  await app.ctx.db
    .insertInto('participants')
    .values({
      id,
      project_id: projectId,
      identity: `u:${userId}`,
      code: randomBytes(4).toString('hex').toUpperCase(),
      user_id: userId,
      device_id: null,
      user_type: null,
      via: 'handoff',
      os: null,
      country: null,
      created_at: time,
      last_seen_at: time,
    })
    .execute();
  return id;
}

/** A pending withdrawal and its ledger row, as the offerwall's request writes them. */
export async function seedWithdrawal(
  app: FastifyInstance,
  input: { projectId: string; participantId: string; amountMicros: number; account?: string },
): Promise<string> {
  const id = randomId();
  const time = app.ctx.now().toISOString();
  await app.ctx.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('withdrawals')
      .values({
        id,
        project_id: input.projectId,
        participant_id: input.participantId,
        amount_micros: input.amountMicros,
        currency: 'USD',
        method: 'paypal',
        account: input.account ?? 'payer@example.com',
        status: 'pending',
        note: null,
        reviewed_by: null,
        reviewed_at: null,
        idempotency_key: id,
        created_at: time,
      })
      .execute();
    await trx
      .insertInto('offerwall_ledger')
      .values({
        id: randomId(),
        project_id: input.projectId,
        participant_id: input.participantId,
        kind: 'withdrawal',
        amount_micros: -input.amountMicros,
        currency: 'USD',
        income_id: null,
        withdrawal_id: id,
        created_at: time,
      })
      .execute();
  });
  return id;
}

/** The query-string `sig` of postback parameters (the contract's canonical text). */
export function signParams(secret: string, params: Record<string, string>): string {
  const canonical = Object.keys(params)
    .filter((key) => key !== 'sig')
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join('&');
  return createHmac('sha256', secret).update(canonical).digest('hex');
}

export interface PostbackAnswer {
  status: number;
  body: Envelope<{ accepted?: boolean; duplicate?: boolean; error?: string; reason?: string }>;
}

/** A signed GET postback (the signature spoiled when `badSig`). */
export async function sendPostback(
  app: FastifyInstance,
  account: SeededAccount,
  params: Record<string, string>,
  options: { badSig?: boolean; remoteAddress?: string } = {},
): Promise<PostbackAnswer> {
  const sig = options.badSig ? '0'.repeat(64) : signParams(account.secret, params);
  const query = new URLSearchParams({ ...params, sig }).toString();
  const response = await app.inject({
    method: 'GET',
    url: `/api/ads/v1/postback/${account.id}?${query}`,
    remoteAddress: options.remoteAddress,
    headers: { 'x-lang': 'en' },
  });
  return { status: response.statusCode, body: response.json() as PostbackAnswer['body'] };
}

/** The local day number of the app clock's now in a zone. */
export function todayNumber(app: FastifyInstance, zone = 'UTC'): number {
  return localDayNumber(app.ctx.now().getTime(), zone);
}
