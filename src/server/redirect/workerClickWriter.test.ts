import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLICK_COLUMNS, type ClickValues } from './clickRows';
import type { ClickWriter } from './clickWriters';
import { WorkerClickWriter } from './workerClickWriter';

let dir: string;
let file: string;

function logger() {
  return { warn: vi.fn(), error: vi.fn() } as unknown as FastifyBaseLogger & {
    warn: ReturnType<typeof vi.fn>;
    error: ReturnType<typeof vi.fn>;
  };
}

function click(id: string, link = 'l1'): ClickValues {
  const values: Record<string, string | number | null> = Object.fromEntries(
    CLICK_COLUMNS.map((c) => [c, null]),
  );
  Object.assign(values, {
    id,
    project_id: 'p1',
    link_id: link,
    created_at: '2026-03-01T08:00:00.000Z',
    platform: 'ios',
    is_bot: 0,
    channel: 'direct',
    outcome: 'store',
  });
  return CLICK_COLUMNS.map((c) => values[c]);
}

function storedIds(): string[] {
  const db = new SqliteDatabase(file, { readonly: true });
  try {
    return (db.prepare('select id from clicks order by id').all() as { id: string }[]).map((r) => r.id);
  } finally {
    db.close();
  }
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
  it('stores batches from its thread and has them all stored when close resolves', async () => {
    const writer = new WorkerClickWriter({ file, log: logger(), fallback: noFallback });
    const first = writer.write([click('a1'), click('a2')]);
    const second = writer.write([click('b1')]);
    await writer.close();
    await Promise.all([first, second]);
    expect(storedIds()).toEqual(['a1', 'a2', 'b1']);
  });

  it('keeps the good rows of a batch with a bad one, logs the loss, and skips a click stored twice', async () => {
    const log = logger();
    const writer = new WorkerClickWriter({ file, log, fallback: noFallback });
    await writer.write([click('c1'), click('c2', 'deleted-link'), click('c3')]);
    await writer.write([click('c1')]);
    await writer.close();
    expect(storedIds()).toEqual(['c1', 'c3']);
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.warn.mock.calls[0][0]).toMatchObject({ lost: 1 });
    expect(String(log.warn.mock.calls[0][0].errors)).toContain('c2');
  });

  it('hands its batches to the fallback when the thread cannot open the database', async () => {
    const log = logger();
    const taken: ClickValues[][] = [];
    const fallback: ClickWriter = {
      write: async (rows) => {
        taken.push(rows);
      },
      close: async () => {},
    };
    const writer = new WorkerClickWriter({
      file: join(dir, 'missing', 'x.db'),
      log,
      fallback: () => fallback,
    });
    await writer.write([click('d1')]);
    await writer.write([click('d2')]);
    await writer.close();
    expect(taken.flat().map((row) => row[0])).toEqual(['d1', 'd2']);
    expect(log.error).toHaveBeenCalledTimes(1);
  });
});
