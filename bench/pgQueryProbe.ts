// The product's server as the PostgreSQL runs of the HTTP benches start it (node --import tsx
// bench/pgQueryProbe.ts): counts the statements it sends to PostgreSQL (bench/pgQueryCount.ts),
// answers the counts as JSON on 127.0.0.1:$BENCH_PG_PROBE_PORT, then runs the next entry
// ($BENCH_PG_PROBE_NEXT, a path from the repository's root: src/server/main.ts, or
// bench/ingestCommitProbe.ts which then runs it). Only the client's query is wrapped (a counter and
// a clock read per statement); nothing else changes.
import { createServer } from 'node:http';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { countPgQueries } from './pgQueryCount';

const port = Number(process.env.BENCH_PG_PROBE_PORT);
if (!port) throw new Error('pgQueryProbe: BENCH_PG_PROBE_PORT is unset');
const counts = countPgQueries();
const server = createServer((_request, response) => {
  response.setHeader('content-type', 'application/json');
  response.end(JSON.stringify(counts));
});
server.listen(port, '127.0.0.1');
server.unref();

const next = process.env.BENCH_PG_PROBE_NEXT ?? 'src/server/main.ts';
await import(pathToFileURL(resolve(import.meta.dirname, '..', next)).href);
