import { describe, expect, it } from 'vitest';
import { LOOKUP_TIMEOUT_MS } from '../../http/assertPublicHttpUrl';
import {
  assertLeaseOutlivesAttempt,
  DELIVERY_DEADLINE_MS,
  DELIVERY_LEASE_MARGIN_MS,
  DELIVERY_LEASE_MS,
} from './rewardDelivery';

describe('a delivery lease outlives its attempt', () => {
  it('holds for the sender: resolving the address, the POST deadline and the margin fit in a lease', () => {
    expect(() => assertLeaseOutlivesAttempt()).not.toThrow();
    expect(DELIVERY_LEASE_MS).toBeGreaterThanOrEqual(
      LOOKUP_TIMEOUT_MS + DELIVERY_DEADLINE_MS + DELIVERY_LEASE_MARGIN_MS,
    );
  });

  it('refuses a lease that an attempt could outlast', () => {
    expect(() => assertLeaseOutlivesAttempt(10_000, 8_000, 5_000)).toThrow(
      'a delivery lease of 10000 ms must outlive an attempt of up to 8000 ms and a margin of 5000 ms',
    );
    expect(() => assertLeaseOutlivesAttempt(13_000, 8_000, 5_000)).not.toThrow();
  });
});
