import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLICK_COLUMNS, ClickBatchBuilder, clickIdOf, type ClickBatch } from './clickRows';
import type { ClickWriter } from './clickWriters';
import { testClick } from '../../../tests/fixtures/clicks';
import { WorkerClickWriter } from './workerClickWriter';

let dir: string;
let file: string;

function logger() {
  return { warn: vi.fn(), error: vi.fn() } as unknown as FastifyBaseLogger & {
    warn: ReturnType<typeof vi.fn>;
    error: ReturnType<typeof vi.fn>;
  };
}

const T0 = Date.parse('2026-03-01T08:00:00.000Z');

/** A batch of clicks at T0 with these random parts, on link l1 unless a link is given. */
function batch(...clicks: (number | [number, string])[]): ClickBatch {
  const builder = new ClickBatchBuilder();
  for (const c of clicks) {
    const [random, linkRowId] = typeof c === 'number' ? [c, 'l1'] : c;
    builder.add(testClick({ timeMs: T0, random, linkRowId }));
  }
  return builder.take()!;
}

const id = (random: number) => clickIdOf(T0, random);

function read<T>(sql: string): T[] {
  const db = new SqliteDatabase(file, { readonly: true });
  try {
    return db.prepare(sql).all() as T[];
  } finally {
    db.close();
  }
}

const storedIds = () => read<{ id: string }>('select id from clicks order by id').map((r) => r.id);
const journaled = () => read<{ n: number }>('select coalesce(sum(clicks), 0) as n from click_journal')[0].n;

/** Keeps this thread's event loop busy, as a burst of redirects would. */
function busyFor(ms: number) {
  const end = performance.now() + ms;
  while (performance.now() < end);
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'click-writer-'));
  file = join(dir, 'clicks.db');
  const db = new SqliteDatabase(file);
  db.pragma('journal_mode = WAL');
  db.exec(`
    create table projects (id text primary key);
    create table links (id text primary key, project_id text not null references projects (id));
    create table clicks (${CLICK_COLUMNS.map((c) => (c === 'id' ? 'id text primary key' : c === 'link_id' ? 'link_id text not null references links (id)' : `${c}`)).join(', ')});
    create table link_rollups (link_id text not null references links (id), dim text not null, slot integer not null,
      dim_value text not null, clicks integer not null, bots integer not null, installs integer not null,
      opens integer not null, registrations integer not null, primary key (link_id, dim, slot, dim_value));
    insert into projects values ('p1');
    insert into links values ('l1', 'p1');
  `);
  db.close();
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

const noFallback = (): ClickWriter => {
  throw new Error('the fallback was not expected');
};

describe('WorkerClickWriter', () => {
  it('has every batch it took in the clicks table when settle resolves, and when close does', async () => {
    const writer = new WorkerClickWriter({ file, log: logger(), fallback: noFallback });
    await writer.write(batch(1, 2));
    await writer.write(batch(3));
    await writer.settle();
    expect(storedIds()).toEqual([id(1), id(2), id(3)]);
    expect(journaled()).toBe(0);
    const last = writer.write(batch(4));
    await writer.close();
    await last;
    expect(storedIds()).toEqual([id(1), id(2), id(3), id(4)]);
  });

  it('keeps a batch in the journal while this thread is busy, and loads it once asked', async () => {
    const writer = new WorkerClickWriter({ file, log: logger(), fallback: noFallback });
    busyFor(100);
    await writer.write(batch(1, 2, 3));
    // Acknowledged means journaled: durable, and not yet loaded while redirects keep us busy.
    expect(journaled()).toBe(3);
    expect(storedIds()).toEqual([]);
    await writer.settle();
    expect(storedIds()).toEqual([id(1), id(2), id(3)]);
    expect(journaled()).toBe(0);
    await writer.close();
  });

  it('loads while this thread is busy once more clicks wait than maxBacklog', async () => {
    const writer = new WorkerClickWriter({ file, log: logger(), fallback: noFallback, maxBacklog: 3 });
    busyFor(100);
    await writer.write(batch(1, 2));
    expect(journaled()).toBe(2);
    busyFor(100);
    await writer.write(batch(3, 4));
    // No settle: the bound alone has them loaded, well before the thread would call it quiet.
    const deadline = Date.now() + 1000;
    while (storedIds().length < 4 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(storedIds()).toEqual([id(1), id(2), id(3), id(4)]);
    await writer.close();
  });

  it('loads what an earlier run left in the journal, passing over a record it cannot read', async () => {
    const first = new WorkerClickWriter({ file, log: logger(), fallback: noFallback });
    await first.close();
    // A crash after journaling, before loading: the journal rows are all that is left.
    const leftover = batch(7, 8);
    const db = new SqliteDatabase(file);
    const append = db.prepare('insert into click_journal (clicks, click_values, numbers) values (?, ?, ?)');
    append.run(2, '[not json', Buffer.from(leftover.numbers.buffer));
    append.run(leftover.count, leftover.values, Buffer.from(leftover.numbers.buffer));
    db.close();
    const log = logger();
    const second = new WorkerClickWriter({ file, log, fallback: noFallback });
    await second.settle();
    expect(storedIds()).toEqual([id(7), id(8)]);
    expect(journaled()).toBe(0);
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.warn.mock.calls[0][0]).toMatchObject({ lost: 2 });
    expect(String(log.warn.mock.calls[0][0].errors)).toContain('journal record 1');
    await second.close();
  });

  it('keeps the good clicks of a batch with a bad one, logs the loss, and skips a click stored twice', async () => {
    const log = logger();
    const writer = new WorkerClickWriter({ file, log, fallback: noFallback });
    await writer.write(batch(1, [2, 'deleted-link'], 3));
    await writer.write(batch(1));
    await writer.close();
    expect(storedIds()).toEqual([id(1), id(3)]);
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.warn.mock.calls[0][0]).toMatchObject({ lost: 1 });
    expect(String(log.warn.mock.calls[0][0].errors)).toContain(id(2));
    expect(journaled()).toBe(0);
  });

  it('adds the clicks it inserts to the link rollups in the same transaction, a repeat not again', async () => {
    const writer = new WorkerClickWriter({ file, log: logger(), fallback: noFallback });
    await writer.write(batch(1, 2, 3));
    await writer.write(batch(2, 4));
    await writer.settle();
    expect(storedIds()).toEqual([id(1), id(2), id(3), id(4)]);
    const rollups = read<{ dim: string; clicks: number }>(
      'select dim, clicks from link_rollups order by dim',
    );
    expect(rollups.map((r) => [r.dim, r.clicks])).toEqual([
      ['all', 4],
      ['channel', 4],
      ['channel:day', 4],
      ['platform', 4],
      ['platform:day', 4],
      ['source', 4],
      ['source:day', 4],
      ['total', 4],
    ]);
    await writer.close();
  });

  it('leaves neither clicks nor rollups when the rollups cannot be written, and loads both later', async () => {
    const db = new SqliteDatabase(file);
    db.exec(
      "create trigger no_rollups before insert on link_rollups begin select raise(abort, 'no rollups'); end",
    );
    db.close();
    const log = logger();
    const writer = new WorkerClickWriter({ file, log, fallback: noFallback });
    await writer.write(batch(1, 2));
    const deadline = Date.now() + 3000;
    while (log.warn.mock.calls.length === 0 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    expect(String(log.warn.mock.calls[0]?.[0])).toContain('no rollups');
    expect(storedIds()).toEqual([]);
    expect(read('select * from link_rollups')).toEqual([]);
    expect(journaled()).toBe(2);
    const fix = new SqliteDatabase(file);
    fix.exec('drop trigger no_rollups');
    fix.close();
    await writer.settle();
    expect(storedIds()).toEqual([id(1), id(2)]);
    expect(read<{ clicks: number }>("select clicks from link_rollups where dim = 'total'")).toEqual([
      { clicks: 2 },
    ]);
    await writer.close();
  });

  it('hands its batches to the fallback when the thread cannot open the database', async () => {
    const log = logger();
    const taken: ClickBatch[] = [];
    const fallback: ClickWriter = {
      write: async (b) => {
        taken.push(b);
      },
      settle: async () => {},
      close: async () => {},
    };
    const writer = new WorkerClickWriter({
      file: join(dir, 'missing', 'x.db'),
      log,
      fallback: () => fallback,
    });
    await writer.write(batch(1));
    await writer.write(batch(2));
    await writer.settle();
    await writer.close();
    expect(taken.map((b) => b.count)).toEqual([1, 1]);
    expect(log.error).toHaveBeenCalledTimes(1);
  });
});
