// The anchor of npm run bench:ingest: a bare Fastify route on the product's own SQLite file, opened
// with the product's connection settings (configureSqlite: WAL, synchronous=NORMAL, foreign keys,
// busy timeout, page cache), taking the same requests on the same path as the product's
// POST /api/sdk/v1/events: the access key header checked against one key, the body parsed and
// checked for `{ events: [1..500] }`, each event turned into an sdk_events row (its local day in
// the project's zone, `data` as JSON text), and the rows stored by bare prepared multi-row INSERTs
// (250 rows a statement, like the product's) with the product's commit grouping, a copy of
// IngestQueue's rule: an idle queue starts a transaction at the end of the event loop's turn with
// the batches submitted in it, batches arriving meanwhile wait and go together into the next one,
// at most 5,000 events a commit. The answer is the product's envelope, sent after the commit. No
// validation, no duplicate check, no rollups, no request log.
// Given a postgres:// URL instead of a file (bench/ingestPg.ts), the same rows go in by the same
// 250-row INSERTs (PostgreSQL placeholders) with the same grouping, one transaction per group on a
// connection of a node-postgres pool of the product's size, and it counts the statements it sends
// (GET /pg-queries, bench/pgQueryCount.ts).
// Usage: tsx bench/ingestBareServer.ts <sqlite file> <port> <project id> <access key> <zone>
// GET /stats answers the commits so far ({ commits, batches, events, largest }; `largest`, the
// most events in one commit, restarts at every read).
import SqliteDatabase from 'better-sqlite3';
import Fastify from 'fastify';
import { configureSqlite } from '../src/server/db/createDb';
import { localDayNumber } from '../src/engine/rules/timeZone';
import pg from 'pg';
import { EVENT_COLUMNS } from '../src/server/sdk/ingestEvents';
import { eventInserts } from './ingestInsert';
import { countPgQueries } from './pgQueryCount';

const [file, portText, projectId, accessKey, zone] = process.argv.slice(2);
if (!file || !portText || !projectId || !accessKey || !zone)
  throw new Error('usage: ingestBareServer.ts <file> <port> <project id> <access key> <zone>');

const onPostgres = /^postgres(ql)?:\/\//.test(file);
const queries = onPostgres ? countPgQueries() : undefined;
const pool = onPostgres ? new pg.Pool({ connectionString: file, max: 10 }) : undefined;
const sqlite = onPostgres ? undefined : new SqliteDatabase(file);
if (sqlite) configureSqlite(sqlite);

/** The product's limits: rows per statement (ingestEvents) and events per commit (IngestQueue). */
const CHUNK = 250;
const MAX_EVENTS_PER_COMMIT = 5000;

const statementFor = sqlite ? eventInserts(sqlite) : undefined;

interface BareEvent {
  eventId: string;
  name: string;
  category?: string;
  deviceId: string;
  userId?: string;
  platform: string;
  time: string;
  data?: unknown;
  linkId?: string;
  activityId?: string;
  source?: string;
  sdkVersion?: string;
  appVersion?: string;
  os?: string;
  osVersion?: string;
  country?: string;
  language?: string;
}

interface Job {
  events: readonly BareEvent[];
  resolve: (stored: number) => void;
  reject: (error: unknown) => void;
}

const stats = { commits: 0, batches: 0, events: 0, largest: 0 };
const waiting: Job[] = [];
let running = false;

/** An event's row, values in `EVENT_COLUMNS` order (the values the SQLite group write below pushes). */
function rowOf(e: BareEvent, receivedAt: string): unknown[] {
  return [
    projectId,
    e.eventId,
    e.name,
    e.category ?? 'standard',
    e.deviceId,
    e.userId ?? null,
    e.platform,
    e.time,
    localDayNumber(Date.parse(e.time), zone),
    e.data === undefined ? null : JSON.stringify(e.data),
    e.linkId ?? null,
    e.activityId ?? null,
    e.source ?? null,
    e.sdkVersion ?? null,
    e.appVersion ?? null,
    e.os ?? null,
    e.osVersion ?? null,
    e.country ?? null,
    e.language ?? null,
    0,
    receivedAt,
    'sdk',
  ];
}

// One transaction for a group: the union of its batches' rows, in statements of up to 250 rows.
const writeSqliteGroup = sqlite?.transaction((group: Job[]) => {
  const receivedAt = new Date().toISOString();
  const events = group.flatMap((job) => job.events);
  for (let i = 0; i < events.length; i += CHUNK) {
    const part = events.slice(i, i + CHUNK);
    const params: unknown[] = [];
    for (const e of part) {
      params.push(
        projectId,
        e.eventId,
        e.name,
        e.category ?? 'standard',
        e.deviceId,
        e.userId ?? null,
        e.platform,
        e.time,
        localDayNumber(Date.parse(e.time), zone),
        e.data === undefined ? null : JSON.stringify(e.data),
        e.linkId ?? null,
        e.activityId ?? null,
        e.source ?? null,
        e.sdkVersion ?? null,
        e.appVersion ?? null,
        e.os ?? null,
        e.osVersion ?? null,
        e.country ?? null,
        e.language ?? null,
        0,
        receivedAt,
        'sdk',
      );
    }
    statementFor?.(part.length).run(...params);
  }
  return events.length;
});

// On PostgreSQL: the INSERT of n rows ($1, $2, ... in EVENT_COLUMNS order), built once per n.
const pgInserts = new Map<number, string>();
function pgInsert(n: number): string {
  let text = pgInserts.get(n);
  if (!text) {
    const width = EVENT_COLUMNS.length;
    const rows = Array.from(
      { length: n },
      (_, r) => `(${EVENT_COLUMNS.map((_c, c) => `$${r * width + c + 1}`).join(',')})`,
    );
    text = `insert into sdk_events (${EVENT_COLUMNS.join(',')}) values ${rows.join(',')}`;
    pgInserts.set(n, text);
  }
  return text;
}

async function writePgGroup(group: Job[]): Promise<number> {
  const client = await (pool as pg.Pool).connect();
  try {
    const receivedAt = new Date().toISOString();
    const events = group.flatMap((job) => job.events);
    await client.query('begin');
    for (let i = 0; i < events.length; i += CHUNK) {
      const part = events.slice(i, i + CHUNK);
      const params: unknown[] = [];
      for (const e of part) params.push(...rowOf(e, receivedAt));
      await client.query(pgInsert(part.length), params);
    }
    await client.query('commit');
    return events.length;
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}

const writeGroup = (group: Job[]): number | Promise<number> =>
  writeSqliteGroup ? writeSqliteGroup(group) : writePgGroup(group);

// IngestQueue's rule: while a group is written, arriving batches wait; the next group takes the
// waiting batches in order up to 5,000 events (at least one batch). Keep it in step with
// src/server/sdk/ingestQueue.ts.
function submit(events: readonly BareEvent[]): Promise<number> {
  return new Promise((resolve, reject) => {
    waiting.push({ events, resolve, reject });
    if (!running) {
      // As IngestQueue: the first group waits for the end of this turn of the event loop.
      running = true;
      setImmediate(() => void drain());
    }
  });
}

async function drain(): Promise<void> {
  try {
    while (waiting.length > 0) {
      const group: Job[] = [];
      let size = 0;
      while (
        waiting.length > 0 &&
        (group.length === 0 || size + waiting[0].events.length <= MAX_EVENTS_PER_COMMIT)
      ) {
        const job = waiting.shift() as Job;
        group.push(job);
        size += job.events.length;
      }
      try {
        // Awaited like the product's write, so the loop takes the same turns.
        await Promise.resolve(writeGroup(group));
        stats.commits += 1;
        stats.batches += group.length;
        stats.events += size;
        stats.largest = Math.max(stats.largest, size);
        for (const job of group) job.resolve(job.events.length);
      } catch (error) {
        for (const job of group) job.reject(error);
      }
    }
  } finally {
    running = false;
  }
}

const app = Fastify({ logger: false, bodyLimit: 5 * 1024 * 1024 });
// The product route's body check and a response schema for its envelope, so both sides parse,
// check and serialize alike.
const schema = {
  body: {
    type: 'object',
    properties: { events: { type: 'array', minItems: 1, maxItems: 500 } },
    required: ['events'],
  },
  response: {
    200: {
      type: 'object',
      properties: {
        code: { type: 'integer' },
        msg: { type: 'string' },
        data: {
          type: 'object',
          properties: {
            accepted: { type: 'integer' },
            duplicates: { type: 'integer' },
            rejected: { type: 'array' },
          },
        },
      },
    },
  },
};
app.post<{ Body: { events: BareEvent[] } }>('/api/sdk/v1/events', { schema }, async (request, reply) => {
  if (request.headers['x-access-key'] !== accessKey)
    return reply.status(401).send({ code: 401, msg: 'accessKeyInvalid', data: {} });
  const accepted = await submit(request.body.events);
  return { code: 0, msg: 'ok', data: { accepted, duplicates: 0, rejected: [] } };
});
app.get('/pg-queries', async () => queries ?? { queries: 0, ms: 0 });
app.get('/stats', async () => {
  const answer = { ...stats };
  stats.largest = 0;
  return answer;
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => {
      sqlite?.close();
      void pool?.end();
      process.exit(0);
    });
  });
}

await app.listen({ port: Number(portText), host: '127.0.0.1' });
