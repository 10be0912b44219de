import { describe, expect, it } from 'vitest';
import { notifier, type Notifier } from './notifier';

describe('notifier', () => {
  it('keeps the toasts asked for before the holder plugs in, shows them in order, then passes on', () => {
    notifier.error('first');
    notifier.success('second');
    const shown: string[] = [];
    const holder: Notifier = {
      error: (message) => shown.push(`error:${message}`),
      success: (message) => shown.push(`success:${message}`),
    };
    notifier.set(holder);
    expect(shown).toEqual(['error:first', 'success:second']);
    notifier.error('third');
    expect(shown).toEqual(['error:first', 'success:second', 'error:third']);
    // A holder that replaces it (a remount) gets only what comes next.
    const later: string[] = [];
    notifier.set({ error: (message) => later.push(message), success: (message) => later.push(message) });
    notifier.success('fourth');
    expect(later).toEqual(['fourth']);
    expect(shown).toHaveLength(3);
  });
});
