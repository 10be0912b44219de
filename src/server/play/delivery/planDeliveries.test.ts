import { describe, expect, it } from 'vitest';
import {
  DELIVERIES_IN_FLIGHT,
  DELIVERIES_PER_HOST,
  deliveryHost,
  planDeliveries,
  type DueDelivery,
} from './planDeliveries';

/** Due deliveries `prefix-0`, `prefix-1`, ... to one address. */
function dueTo(url: string, count: number, prefix = url): DueDelivery[] {
  return Array.from({ length: count }, (_, i) => ({ id: `${prefix}-${i}`, url }));
}

const ids = (plan: DueDelivery[]) => plan.map((d) => d.id);

describe('deliveryHost: what a send counts against', () => {
  it('is host[:port] of the address: paths and queries apart, ports and default ports as URL reads them', () => {
    expect(deliveryHost('https://Hooks.Example.com/a?x=1')).toBe('hooks.example.com');
    expect(deliveryHost('https://hooks.example.com:443/b')).toBe('hooks.example.com');
    expect(deliveryHost('http://hooks.example.com:80/c')).toBe('hooks.example.com');
    expect(deliveryHost('http://hooks.example.com:8080/c')).toBe('hooks.example.com:8080');
    expect(deliveryHost('http://127.0.0.1:4000/reward')).toBe('127.0.0.1:4000');
    expect(deliveryHost('http://[::1]:4000/reward')).toBe('[::1]:4000');
  });

  it('counts an address that is not a URL as a host of its own', () => {
    expect(deliveryHost('not a url')).toBe('not a url');
  });
});

describe('planDeliveries: which due deliveries go out now', () => {
  it('starts at most the per-host limit to one host, and the others behind it to other hosts', () => {
    const due = [
      ...dueTo('https://slow.example.com/r', 5, 'slow'),
      ...dueTo('https://fast.example.com/r', 3, 'fast'),
    ];
    expect(ids(planDeliveries(due, new Map()))).toEqual(['slow-0', 'slow-1', 'fast-0', 'fast-1']);
    expect(DELIVERIES_PER_HOST).toBe(2);
  });

  it('counts the sends in flight: a host at its limit gets nothing, another host fills its own', () => {
    const inFlight = new Map([
      ['s-a', 'slow.example.com'],
      ['s-b', 'slow.example.com'],
      ['f-a', 'fast.example.com'],
    ]);
    const due = [
      ...dueTo('https://slow.example.com/r', 3, 'slow'),
      ...dueTo('https://fast.example.com/r', 3, 'fast'),
    ];
    expect(ids(planDeliveries(due, inFlight))).toEqual(['fast-0']);
  });

  it('groups by host and port: two paths of one host share its limit, another port is another host', () => {
    const due = [
      { id: 'a', url: 'https://hooks.example.com/one' },
      { id: 'b', url: 'https://HOOKS.example.com:443/two' },
      { id: 'c', url: 'https://hooks.example.com/three' },
      { id: 'd', url: 'https://hooks.example.com:8443/one' },
    ];
    expect(ids(planDeliveries(due, new Map()))).toEqual(['a', 'b', 'd']);
  });

  it('never starts more than the total limit, counting the sends in flight', () => {
    const due = Array.from({ length: 40 }, (_, i) => ({ id: `d${i}`, url: `https://h${i}.example.com/r` }));
    expect(planDeliveries(due, new Map())).toHaveLength(DELIVERIES_IN_FLIGHT);
    const inFlight = new Map(Array.from({ length: 10 }, (_, i) => [`busy${i}`, `busy${i}.example.com`]));
    expect(ids(planDeliveries(due, inFlight, { perHost: 2, total: 12 }))).toEqual(['d0', 'd1']);
    inFlight.set('busy10', 'busy10.example.com').set('busy11', 'busy11.example.com');
    expect(planDeliveries(due, inFlight, { perHost: 2, total: 12 })).toEqual([]);
  });

  it('does not start a delivery this server is already sending, and keeps the oldest first', () => {
    const due = dueTo('https://hooks.example.com/r', 4, 'x');
    const inFlight = new Map([['x-0', 'hooks.example.com']]);
    expect(ids(planDeliveries(due, inFlight))).toEqual(['x-1']);
    expect(ids(planDeliveries(due, new Map(), { perHost: 3, total: 16 }))).toEqual(['x-0', 'x-1', 'x-2']);
  });

  it('starts nothing when nothing is due', () => {
    expect(planDeliveries([], new Map([['a', 'hooks.example.com']]))).toEqual([]);
  });
});
