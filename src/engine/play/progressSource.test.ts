import { describe, expect, it } from 'vitest';
import { movesProgress, progressSourceOf } from './progressSource';
import { eventMovesTask, taskRuleOf } from './tasks';

describe('where progress may come from', () => {
  it('reads the setting: anything but "sdk", a missing one included, means the server only', () => {
    expect(progressSourceOf('sdk')).toBe('sdk');
    expect(progressSourceOf('server')).toBe('server');
    expect(progressSourceOf(undefined)).toBe('server');
    expect(progressSourceOf('SDK')).toBe('server');
    expect(progressSourceOf(1)).toBe('server');
  });

  it('lets a server event move any progress and an SDK event only progress that takes the SDK', () => {
    expect(movesProgress('server', 'server')).toBe(true);
    expect(movesProgress('server', 'sdk')).toBe(false);
    expect(movesProgress('sdk', 'sdk')).toBe(true);
    expect(movesProgress('sdk', 'server')).toBe(true);
  });

  it("applies a task's setting to its events; the page's own events (share, visit, sign-in) always count", () => {
    const serverOnly = taskRuleOf({ id: 't', event: 'order_paid', count: 1 });
    const sdkToo = taskRuleOf({ id: 'u', event: 'order_paid', count: 1, progressSource: 'sdk' });
    const tasks = [serverOnly, sdkToo];
    const at = { name: 'order_paid', atMs: 0 };
    const moves = (task: typeof serverOnly, source?: 'sdk' | 'server' | 'page') =>
      eventMovesTask(task, tasks, { ...at, source }, null, new Set());
    expect(moves(serverOnly, 'sdk')).toBe(false);
    expect(moves(serverOnly, 'server')).toBe(true);
    expect(moves(serverOnly, 'page')).toBe(true);
    expect(moves(serverOnly)).toBe(true);
    expect(moves(sdkToo, 'sdk')).toBe(true);
    expect(moves(sdkToo, 'server')).toBe(true);
  });
});
