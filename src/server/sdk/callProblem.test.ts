import { describe, expect, it } from 'vitest';
import {
  answerProblem,
  callOutcome,
  loggableEventName,
  readStoredProblem,
  refusalProblem,
  storedProblem,
} from './callProblem';

describe('callProblem', () => {
  it('a batch: refused whole is an error, refused in part a warning, grouped by reason and name', () => {
    expect(refusalProblem(3, [])).toBeNull();
    expect(refusalProblem(1, [{ reason: 'sdk.unknownEvent', name: 'x' }])).toMatchObject({
      level: 'error',
      code: 'sdk.batchRefused',
    });
    const many = Array.from({ length: 14 }, (_, i) => ({
      reason: 'sdk.unknownEvent',
      name: `key_${i % 12}`,
    }));
    const problem = refusalProblem(20, many);
    expect(problem).toMatchObject({
      level: 'warning',
      code: 'sdk.eventsRefused',
      params: { total: 20, refused: 14 },
    });
    const events = problem?.params.events as { name: string; count: number }[];
    // Ten groups are named, the events past them counted.
    expect(events).toHaveLength(10);
    expect(events[0]).toEqual({ reason: 'sdk.unknownEvent', name: 'key_0', count: 2 });
    expect(problem?.params.more).toBe(2);
  });

  it('keeps only names that can be event keys', () => {
    expect(loggableEventName('vip_purchase')).toBe('vip_purchase');
    for (const bad of ['a b', 'x'.repeat(51), 'a\u0000', 42, null, '<script>'])
      expect(loggableEventName(bad)).toBeNull();
  });

  it('a refused call keeps its error key and field paths', () => {
    const body = JSON.stringify({
      code: 400,
      msg: '请求参数错误',
      data: { error: 'validation', errors: [{ path: '/type', message: '必须是以下之一' }] },
    });
    expect(answerProblem(400, body)).toEqual({
      level: 'error',
      code: 'validation',
      params: { status: 400, paths: ['/type'] },
    });
    expect(answerProblem(502, '<html>bad gateway</html>')).toEqual({
      level: 'error',
      code: 'http',
      params: { status: 502 },
    });
  });

  it('reads back stored problems and the texts older rows kept', () => {
    const problem = refusalProblem(2, [{ reason: 'sdk.unknownEvent', name: 'x' }]);
    if (!problem) throw new Error('expected a problem');
    expect(readStoredProblem(storedProblem(problem))).toEqual({ problem, error: null });
    expect(readStoredProblem(null)).toEqual({ problem: null, error: null });
    for (const legacy of [
      'ipNotWhitelisted: 不在白名单',
      'HTTP 500',
      '{not json',
      '{"level":"fatal","code":"x","params":{}}',
    ])
      expect(readStoredProblem(legacy)).toEqual({ problem: null, error: legacy });
    expect(callOutcome(200, storedProblem(problem))).toBe('warning');
    expect(callOutcome(200, 'all events rejected: sdk.unknownEvent: x')).toBe('error');
    expect(callOutcome(200, null)).toBe('ok');
    expect(callOutcome(403, null)).toBe('error');
  });
});
