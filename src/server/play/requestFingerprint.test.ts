import { describe, expect, it } from 'vitest';
import { canonicalJson, requestFingerprint } from './requestFingerprint';

describe('requestFingerprint', () => {
  it('is the sha256 of the action name and the canonical body', () => {
    // printf 'draw\n{"channel":"wechat"}' | sha256sum
    expect(requestFingerprint('draw', { channel: 'wechat' })).toBe(
      '0b6bdbc727f40a79fcff31c8c019e27b7642af1afedd0bafdbce21073225ec6b',
    );
  });

  it('does not depend on the order of keys, at any depth', () => {
    const one = { attemptId: 'a1', answers: [{ questionId: 'q1', optionIds: ['o2', 'o1'] }], channel: 'x' };
    const other = { channel: 'x', answers: [{ optionIds: ['o2', 'o1'], questionId: 'q1' }], attemptId: 'a1' };
    expect(requestFingerprint('quizAnswer', one)).toBe(requestFingerprint('quizAnswer', other));
    expect(canonicalJson(other)).toBe(
      '{"answers":[{"optionIds":["o2","o1"],"questionId":"q1"}],"attemptId":"a1","channel":"x"}',
    );
  });

  it('tells apart another action, another value and another order of an array', () => {
    const base = requestFingerprint('draw', { channel: 'a', picks: [1, 2] });
    expect(requestFingerprint('share', { channel: 'a', picks: [1, 2] })).not.toBe(base);
    expect(requestFingerprint('draw', { channel: 'b', picks: [1, 2] })).not.toBe(base);
    expect(requestFingerprint('draw', { channel: 'a', picks: [2, 1] })).not.toBe(base);
    expect(requestFingerprint('draw', { channel: 'a', picks: ['1', 2] })).not.toBe(base);
    expect(requestFingerprint('draw', { channel: 'a' })).not.toBe(base);
  });

  it('takes no body as the empty object, and leaves out undefined properties', () => {
    expect(requestFingerprint('draw', undefined)).toBe(requestFingerprint('draw', {}));
    expect(requestFingerprint('draw', { channel: undefined })).toBe(requestFingerprint('draw', {}));
    expect(canonicalJson({ b: [undefined, null], a: 'é"' })).toBe('{"a":"é\\"","b":[null,null]}');
  });
});
