import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ClickQueue } from './clickQueue';
import { decodeBatch, type ClickBatch } from './clickRows';
import type { ClickWriter } from './clickWriters';
import { testClick } from '../../../tests/fixtures/clicks';

const click = (random: number) => testClick({ random });

/** A writer that records what it is given and when it is asked to settle. */
function recorder() {
  const events: string[] = [];
  const batches: ClickBatch[] = [];
  const writer: ClickWriter = {
    write: async (batch) => {
      batches.push(batch);
      events.push(`write ${batch.count}`);
    },
    settle: async () => {
      events.push('settle');
    },
    close: async () => {
      events.push('close');
    },
  };
  return { writer, events, batches };
}

const log = () => ({ warn: vi.fn() }) as unknown as FastifyBaseLogger & { warn: ReturnType<typeof vi.fn> };
const randoms = (batches: ClickBatch[]) => batches.flatMap((b) => decodeBatch(b).map((row) => row[0]));

let queue: ClickQueue | undefined;
afterEach(async () => {
  await queue?.close();
  queue = undefined;
  vi.useRealTimers();
});

describe('ClickQueue', () => {
  it('hands a full batch over at once and the rest on its timer', async () => {
    vi.useFakeTimers();
    const { writer, events } = recorder();
    queue = new ClickQueue({ writer, log: log(), batchSize: 3, intervalMs: 1000 });
    for (let i = 1; i <= 4; i += 1) queue.push(click(i));
    expect(queue.size).toBe(4);
    await vi.advanceTimersToNextTimerAsync();
    expect(events).toEqual(['write 3']);
    expect(queue.size).toBe(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(events).toEqual(['write 3', 'write 1']);
    expect(queue.size).toBe(0);
  });

  it('flush hands everything over, then has the writer settle', async () => {
    const { writer, events, batches } = recorder();
    queue = new ClickQueue({ writer, log: log(), batchSize: 500, intervalMs: 60_000 });
    queue.push(click(1));
    queue.push(click(2));
    await queue.flush();
    expect(events).toEqual(['write 2', 'settle']);
    expect(randoms(batches)).toHaveLength(2);
  });

  it('drops the oldest batches, with a warning, when the writer cannot keep up', async () => {
    let release: () => void = () => {};
    const taken: ClickBatch[] = [];
    const writer: ClickWriter = {
      // The first write hangs: everything after it waits in the queue.
      write: (batch) => {
        taken.push(batch);
        return taken.length === 1 ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve();
      },
      settle: async () => {},
      close: async () => {},
    };
    const warnings = log();
    queue = new ClickQueue({ writer, log: warnings, batchSize: 2, maxPending: 4, intervalMs: 60_000 });
    queue.push(click(1));
    queue.push(click(2));
    await new Promise((r) => setImmediate(r));
    for (let i = 3; i <= 10; i += 1) queue.push(click(i));
    expect(queue.size).toBe(4);
    expect(warnings.warn).toHaveBeenCalled();
    expect(warnings.warn.mock.calls.reduce((n, call) => n + call[0].dropped, 0)).toBe(4);
    release();
    await queue.flush();
    const kept = randoms(taken);
    expect(kept).toHaveLength(6);
    expect(new Set(kept).size).toBe(6);
  });

  it('close hands over what is left and closes the writer', async () => {
    const { writer, events } = recorder();
    const q = new ClickQueue({ writer, log: log(), intervalMs: 60_000 });
    q.push(click(1));
    await q.close();
    expect(events).toEqual(['write 1', 'close']);
  });
});
