import type { RouteOptions } from 'fastify';

/** One method of one route of the app, as Fastify registered it. */
export interface TableRoute {
  method: string;
  /** Fastify's pattern, e.g. `/api/links/:id/report`. */
  url: string;
  /** The route's querystring JSON schema, if it has one. */
  querystring?: JsonSchema;
  /** Left out of the OpenAPI document (`schema.hide`). */
  hidden: boolean;
}

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  pattern?: string;
  default?: unknown;
  [key: string]: unknown;
}

/**
 * The app's own route table: pass `onRoute` to createTestApp (buildApp registers it before any
 * route), then read `routes` (every method separately, HEAD included, sorted).
 */
export function routeTable(): { onRoute: (route: RouteOptions) => void; routes: TableRoute[] } {
  const seen = new Map<string, TableRoute>();
  const routes: TableRoute[] = [];
  return {
    routes,
    onRoute(route) {
      const schema = route.schema as { querystring?: JsonSchema; hide?: boolean } | undefined;
      for (const method of [route.method].flat()) {
        const key = `${method} ${route.url}`;
        if (seen.has(key)) continue;
        const entry: TableRoute = {
          method,
          url: route.url,
          querystring: schema?.querystring,
          hidden: schema?.hide === true,
        };
        seen.set(key, entry);
        routes.push(entry);
        routes.sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method));
      }
    },
  };
}

/**
 * Whether a route pattern is named by a list entry: the same pattern, or `prefix/**` for the
 * prefix and everything below it.
 */
export function listed(url: string, entries: Iterable<string>): string | undefined {
  for (const entry of entries) {
    if (entry === url) return entry;
    if (entry.endsWith('/**') && (url === entry.slice(0, -3) || url.startsWith(entry.slice(0, -2))))
      return entry;
  }
  return undefined;
}
