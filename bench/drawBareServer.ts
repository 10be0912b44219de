// The anchor of npm run bench:draw: a bare Fastify route doing the work a draw cannot avoid, on
// a SQLite file opened exactly as the product opens its own (createDb: WAL, synchronous=NORMAL,
// foreign keys, busy timeout): read the session by the token's hash, then one transaction with a
// conditional stock UPDATE (issued < stock) and a reward INSERT keyed by the idempotency key, and
// the JSON envelope answer. No chances, odds table, limits, per-user counters or audit rows.
// Given a postgres:// URL instead of a file, the same on PostgreSQL (createDb's pool), counting
// the statements it sends (GET /pg-queries, bench/pgQueryCount.ts).
import { createHash, randomInt } from 'node:crypto';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { createDb } from '../src/server/db/createDb';
import { countPgQueries } from './pgQueryCount';

const [file, portText] = process.argv.slice(2);
const onPostgres = /^postgres(ql)?:\/\//.test(file);
const queries = onPostgres ? countPgQueries() : undefined;
const { db } = await createDb(onPostgres ? file : `sqlite:${file}`);
const raw = db as unknown as import('kysely').Kysely<Record<string, Record<string, unknown>>>;

const app = Fastify({ logger: false });
// The same request checks the product's route declares (params, Idempotency-Key header, body) and
// a response schema for the envelope, so both sides validate and serialize alike.
const schema = {
  params: {
    type: 'object',
    properties: { campaign: { type: 'string', maxLength: 64 } },
    required: ['campaign'],
  },
  headers: {
    type: 'object',
    properties: {
      'idempotency-key': { type: 'string', minLength: 1, maxLength: 64, pattern: '^[\\x21-\\x7E]+$' },
    },
    required: ['idempotency-key'],
  },
  body: { type: 'object', properties: { channel: { type: 'string', maxLength: 32 } } },
  response: {
    200: {
      type: 'object',
      properties: {
        code: { type: 'integer' },
        msg: { type: 'string' },
        data: { type: 'object', additionalProperties: true },
      },
    },
  },
};
app.post<{ Params: { campaign: string } }>('/draw/:campaign', { schema }, async (request, reply) => {
  const header = request.headers.authorization ?? '';
  const token = /^Participant\s+(\S+)$/.exec(header)?.[1];
  const key = request.headers['idempotency-key'];
  if (!token || typeof key !== 'string')
    return reply.status(401).send({ code: 401, msg: 'unauthorized', data: {} });
  const session = await raw
    .selectFrom('bare_sessions')
    .select('participant_id')
    .where('token_hash', '=', createHash('sha256').update(token).digest('hex'))
    .executeTakeFirst();
  if (!session) return reply.status(401).send({ code: 401, msg: 'unauthorized', data: {} });
  const prizes = (await raw
    .selectFrom('bare_stock')
    .select(['prize_id', 'hundredths'])
    .where('campaign_id', '=', request.params.campaign)
    .execute()) as {
    prize_id: string;
    hundredths: number;
  }[];
  const r = randomInt(10_000);
  let acc = 0;
  const picked = prizes.find((p) => (acc += p.hundredths) > r);
  const rewardId = randomInt(2 ** 47).toString(36);
  const won = await db.transaction().execute(async (trx) => {
    const t = trx as unknown as typeof raw;
    if (!picked) return false;
    const taken = await t
      .updateTable('bare_stock')
      .set({ issued: sql`issued + 1` })
      .where('campaign_id', '=', request.params.campaign)
      .where('prize_id', '=', picked.prize_id)
      .where(sql<boolean>`issued < stock`)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) return false;
    await t
      .insertInto('bare_rewards')
      .values({
        id: rewardId,
        campaign_id: request.params.campaign,
        participant_id: session.participant_id as string,
        prize_id: picked.prize_id,
        idempotency_key: key,
        created_at: new Date().toISOString(),
      })
      .execute();
    return true;
  });
  return {
    code: 0,
    msg: 'ok',
    data: { result: { prize: { id: won ? picked?.prize_id : 'thanks' }, rewardId: won ? rewardId : null } },
  };
});
app.get('/pg-queries', async () => queries ?? { queries: 0, ms: 0 });
await app.listen({ host: '127.0.0.1', port: Number(portText) });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
