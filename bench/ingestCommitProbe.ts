// The product's server as npm run bench:ingest starts it (node --import tsx
// bench/ingestCommitProbe.ts): counts the commits of the SDK ingest queue (IngestQueue's group
// writes: one transaction each) and the batches and events in them, answers the counts as JSON on
// 127.0.0.1:$BENCH_PROBE_PORT, then runs src/server/main.ts as is. So the bench prints the
// product's real commit grouping beside the anchor's. It only wraps the queue's write; nothing else
// changes (not a preload: worker threads, such as the click writer's, start as they always do).
// `largest` (the most events in one commit) restarts at every read.
import { createServer } from 'node:http';
import { IngestQueue } from '../src/server/sdk/ingestQueue';

interface Group {
  events: readonly unknown[];
}
type Write = (this: unknown, group: Group[]) => Promise<void>;

const port = Number(process.env.BENCH_PROBE_PORT);
const proto = IngestQueue.prototype as unknown as { write?: Write };
const write = proto.write;
if (typeof write !== 'function' || !port)
  throw new Error('ingestCommitProbe: IngestQueue has no write(group) or BENCH_PROBE_PORT is unset');

const stats = { commits: 0, batches: 0, events: 0, largest: 0 };
proto.write = async function probedWrite(this: unknown, group: Group[]) {
  await write.call(this, group);
  let size = 0;
  for (const job of group) size += job.events.length;
  stats.commits += 1;
  stats.batches += group.length;
  stats.events += size;
  stats.largest = Math.max(stats.largest, size);
};

const server = createServer((_request, response) => {
  response.setHeader('content-type', 'application/json');
  response.end(JSON.stringify(stats));
  stats.largest = 0;
});
server.listen(port, '127.0.0.1');
server.unref();

await import('../src/server/main');
