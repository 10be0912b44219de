import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { countDown } from './useDrawCountdown';

describe('the countdown to the first draw', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('says each second left, from the first at once, then starts instead of saying 0', () => {
    const heard: (number | 'start')[] = [];
    countDown(
      3,
      (n) => heard.push(n),
      () => heard.push('start'),
    );
    expect(heard).toEqual([]);
    vi.advanceTimersByTime(0);
    expect(heard).toEqual([3]);
    vi.advanceTimersByTime(1000);
    expect(heard).toEqual([3, 2]);
    vi.advanceTimersByTime(2000);
    expect(heard).toEqual([3, 2, 1, 'start']);
    vi.advanceTimersByTime(5000);
    expect(heard).toEqual([3, 2, 1, 'start']);
  });

  it('starts at once from 0, and stops for good when stopped', () => {
    const heard: (number | 'start')[] = [];
    countDown(
      0,
      (n) => heard.push(n),
      () => heard.push('start'),
    );
    vi.advanceTimersByTime(0);
    expect(heard).toEqual(['start']);

    const stopped: (number | 'start')[] = [];
    const stop = countDown(
      5,
      (n) => stopped.push(n),
      () => stopped.push('start'),
    );
    vi.advanceTimersByTime(1000);
    stop();
    vi.advanceTimersByTime(10_000);
    expect(stopped).toEqual([5, 4]);
  });
});
