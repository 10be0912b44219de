/**
 * How many reward callbacks one server sends at once to one receiver (the host[:port] of the
 * callback address). A receiver that answers slowly holds at most this many of its own sends;
 * the other receivers' rewards go out beside them.
 */
export const DELIVERIES_PER_HOST = 2;

/** How many reward callbacks one server sends at once over all receivers. */
export const DELIVERIES_IN_FLIGHT = 16;

export interface DeliveryLimits {
  /** Sends in flight to one host at most. */
  perHost: number;
  /** Sends in flight in all at most. */
  total: number;
}

export const DELIVERY_LIMITS: DeliveryLimits = { perHost: DELIVERIES_PER_HOST, total: DELIVERIES_IN_FLIGHT };

/** A due delivery as planning sees it: its id and its callback address. */
export interface DueDelivery {
  id: string;
  url: string;
}

/**
 * The receiver a delivery's sends count against: the host[:port] of its address, as URL reads it
 * (lower case, no default port); an address that is not a URL counts as a host of its own.
 */
export function deliveryHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/**
 * Which due deliveries start now. `due` comes oldest first; `inFlight` maps the deliveries this
 * server is sending to their hosts. A delivery already in flight is not started again, a host at
 * its limit is passed over (the deliveries behind it to other hosts still start), and nothing
 * starts once the total limit is reached. Answers the chosen deliveries, oldest first.
 */
export function planDeliveries(
  due: readonly DueDelivery[],
  inFlight: ReadonlyMap<string, string>,
  limits: DeliveryLimits = DELIVERY_LIMITS,
): DueDelivery[] {
  const perHost = new Map<string, number>();
  for (const host of inFlight.values()) perHost.set(host, (perHost.get(host) ?? 0) + 1);
  let total = inFlight.size;
  const chosen: DueDelivery[] = [];
  for (const delivery of due) {
    if (total >= limits.total) break;
    const host = deliveryHost(delivery.url);
    const sending = perHost.get(host) ?? 0;
    if (inFlight.has(delivery.id) || sending >= limits.perHost) continue;
    perHost.set(host, sending + 1);
    total++;
    chosen.push(delivery);
  }
  return chosen;
}
