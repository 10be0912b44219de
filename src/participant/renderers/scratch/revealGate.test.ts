import { describe, expect, it } from 'vitest';
import { revealGate } from './revealGate';

const settled = async (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => (done = true));
  for (let i = 0; i < 5; i++) await Promise.resolve();
  return done;
};

describe('the hold of a scratch card before its reveal', () => {
  it('keeps the drawn prize covered until the card is to be revealed', async () => {
    const gate = revealGate();
    gate.close();
    const passed = gate.passed();
    expect(await settled(passed)).toBe(false);
    gate.open();
    expect(await settled(passed)).toBe(true);
  });

  it('goes on at once when the card was to be revealed before the answer came', async () => {
    const gate = revealGate();
    gate.close();
    gate.open();
    expect(await settled(gate.passed())).toBe(true);
  });

  it('holds the next card again once a new draw closes it', async () => {
    const gate = revealGate();
    gate.open();
    expect(await settled(gate.passed())).toBe(true);
    gate.close();
    const next = gate.passed();
    expect(await settled(next)).toBe(false);
    gate.open();
    expect(await settled(next)).toBe(true);
  });
});
