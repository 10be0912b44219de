// Bodies go as text/plain JSON with the access key in the query: "simple" cross-origin requests
// that need no CORS preflight, sent alike by fetch and navigator.sendBeacon.

/** POSTs `body` as JSON text; keepalive lets it finish while the page unloads (bodies under 60 KB). */
export function post(url: string, body: unknown): Promise<Response> {
  const text = JSON.stringify(body);
  return fetch(url, { method: 'POST', body: text, keepalive: text.length < 6e4 });
}

/** Queues `body` with navigator.sendBeacon (it survives navigation); false when the browser refused. */
export function beacon(url: string, body: unknown): boolean {
  try {
    return navigator.sendBeacon(url, JSON.stringify(body));
  } catch {
    return false;
  }
}

/** A beacon, else a keepalive fetch: for fire-and-forget records (banner and script events). */
export function record(url: string, body: unknown): void {
  if (!beacon(url, body)) post(url, body).catch(() => undefined);
}
